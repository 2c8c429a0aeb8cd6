import type { QueryClass } from "./corpus.js"

/** The words of a query as the raw engines' tokenizers see them (letters, digits, `_`). */
export const rawWords = (text: string): ReadonlyArray<string> => text.match(/[\p{L}\p{N}_]+/gu) ?? []

/** What one raw engine does with a class's query text: the statement's input, and what went wrong with the text as typed. */
export interface RawPlan {
  readonly kind: "match" | "substring"
  /** The engine's query text (or the substring to look for). */
  readonly input: string
  /** Which of the engine's query forms takes it (Postgres: the tsquery function), when it has several. */
  readonly form?: string | undefined
  /** The engine's error on the text as typed, when it had one (then `input` is the text quoted safely). */
  readonly error?: string | undefined
}

/** How the raw engines' answers are scoped: every space of the organization, or one. */
export type Scope = "org" | "space"

export const SCOPES: ReadonlyArray<Scope> = ["org", "space"]

/** The class whose query is a substring of CJK text: the raw engines scan for it (no word boundaries to match on). */
export const isSubstringClass = (queryClass: QueryClass) => queryClass.name === "cjk"

/** How many ranked results a raw query returns, as Quire's default page. */
export const RAW_LIMIT = 20
