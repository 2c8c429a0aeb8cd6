import { formatPath } from "@quire/core"

const EXPECTED = /^Expected (.+), actual (.+)$/s

/** An issue as `HttpApiDecodeError` lists them (Effect's `ArrayFormatter`). */
export interface DecodeIssue {
  readonly _tag: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/**
 * What the first issue of a decoding failure says about its field. A value that no member of a
 * union accepts (a literal parameter such as `order: "asc" | "desc"`, or any optional field,
 * which is a union with `undefined`) comes as one issue per member, `Expected "asc", actual
 * "x"`, `Expected "desc", actual "x"`, ..., and the first alone would name one choice as if it
 * were the only one. Those are said as one: `Expected "asc" or "desc", actual "x"`, without the
 * `undefined` an optional field adds (a value that is there is never that).
 */
export const firstIssueMessage = (issues: ReadonlyArray<DecodeIssue>): string => {
  const first = issues[0]
  if (first === undefined) return ""
  const field = formatPath(first.path)
  const alike = issues.filter((issue) => issue._tag === "Type" && formatPath(issue.path) === field)
  if (first._tag !== "Type" || alike.length < 2) return first.message
  const parts = alike.map((issue) => EXPECTED.exec(issue.message))
  const actual = parts[0]?.[2]
  if (parts.some((part) => part === null || part[2] !== actual)) return first.message
  const expected = [...new Set(parts.map((part) => part![1]!).filter((choice) => choice !== "undefined"))]
  return expected.length === 0 ? first.message : `Expected ${expected.join(" or ")}, actual ${actual}`
}
