import type { QueryParameter } from "./operations.js"
import type { World } from "./world.js"

/** Query pairs exactly as sent, and what they are. */
export interface QueryCase {
  readonly label: string
  readonly pairs: ReadonlyArray<string>
}

/** Texts around a numeric parameter's bounds (`limit` is 1..1000) and beyond what a number holds. */
const NUMBER_TEXTS = ["1", "1000", "0", "-1", "1001", "1.5", "1e3", "1e400", "NaN", "9007199254740993", "0x10"]

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url")

/** Page tokens: the list's own, another list's, damaged ones, and forged ones of every JSON shape. */
const pageTokens = (world: World): ReadonlyArray<readonly [string, string]> => {
  const { own, foreign } = world.cursors
  const tokens: Array<readonly [string, string]> = []
  if (own !== undefined) {
    tokens.push(["this list's next page", own])
    tokens.push(["this list's token, truncated", own.slice(0, -3)])
    tokens.push(["this list's token, one character changed", own.slice(0, 5) + (own[5] === "A" ? "B" : "A") + own.slice(6)])
  }
  if (foreign !== undefined) tokens.push(["another list's token", foreign])
  const forged: ReadonlyArray<readonly [string, string]> = [
    ["forged: nulls", "[null,null]"],
    ["forged: numbers", "[1e999,-1]"],
    ["forged: an object", '{"a":1}'],
    ["forged: a NUL", '["\\u0000","\\u0000"]'],
    ["forged: nested 5,000 deep", "[".repeat(5_000) + "]".repeat(5_000)],
    ["forged: not JSON", "not json"]
  ]
  for (const [label, json] of forged) tokens.push([label, base64url(json)])
  tokens.push(["not base64", "!!!!"])
  return tokens
}

/** Values for one query parameter; every other parameter is left out. */
export const queryCases = (parameter: QueryParameter, world: World): ReadonlyArray<QueryCase> => {
  const name = encodeURIComponent(parameter.name)
  const cases: Array<QueryCase> = []
  const add = (label: string, ...raws: ReadonlyArray<string>) =>
    cases.push({ label: `query ${parameter.name}: ${label}`, pairs: raws.map((raw) => `${name}=${raw}`) })
  add("empty", "")
  const listed = parameter.schema.enum
  if (listed !== undefined) {
    for (const value of listed) add(`${JSON.stringify(value)} (listed)`, encodeURIComponent(String(value)))
    add("a value outside the enum", "not-a-listed-value")
    add("repeated", ...listed.slice(0, 2).map((value) => encodeURIComponent(String(value))))
    return cases
  }
  if (/number/i.test(parameter.schema.description ?? "")) for (const text of NUMBER_TEXTS) add(text, text)
  if (parameter.name === "page") for (const [label, token] of pageTokens(world)) add(label, encodeURIComponent(token))
  add("Unicode", encodeURIComponent("Ünïcødé 日本語 😀"))
  add("NUL byte", "%00")
  add("lone surrogate in UTF-8", "%ED%A0%80")
  add("bare %", "%")
  add("4,000 characters", "a".repeat(4_000))
  add("an id of the world", encodeURIComponent(world.ids.organization ?? "id"))
  add("repeated", "1", "2")
  return cases
}

export const unknownQueryParameter: QueryCase = { label: "query: an unknown parameter", pairs: ["unexpectedParameter=1"] }
