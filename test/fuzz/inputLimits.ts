import {
  isMediaType,
  MAX_BASE64_LENGTH,
  MAX_CONDITION_LENGTH,
  MAX_CONTENT_TYPE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_EMOJI_LENGTH,
  MAX_FILE_NAME_LENGTH,
  MAX_FILE_URL_LENGTH,
  MAX_ID_LENGTH,
  MAX_REF_LENGTH,
  MAX_SLUG_LENGTH,
  MAX_TITLE_LENGTH
} from "@quire/core"
import { BODY_CAP_BYTES } from "./bodyCases.js"
import type { FuzzRequest, WireRequest } from "./request.js"

/** What issue 7's input limits say a request must be answered with, and why. */
export interface LimitExpectation {
  readonly statuses: ReadonlyArray<number>
  readonly why: string
}

/** Deeper than any request body Quire takes, far shallower than what overflows a stack. */
const MAX_SANE_DEPTH = 1_000

const depthOf = (value: unknown): number => {
  let deepest = 0
  const stack: Array<readonly [unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (node === null || typeof node !== "object") continue
    deepest = Math.max(deepest, depth)
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return deepest
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Every string of a JSON value, keys included. */
const stringsOf = (value: unknown): Array<string> => {
  const strings: Array<string> = []
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === "string") strings.push(node)
    else if (node !== null && typeof node === "object") {
      strings.push(...Object.keys(node))
      stack.push(...Object.values(node))
    }
  }
  return strings
}

/** The limits of a change's free-text fields (issue 29), by the field's name in a change or a file. */
const CHANGE_LIMITS: Readonly<Record<string, number>> = {
  title: MAX_TITLE_LENGTH,
  description: MAX_DESCRIPTION_LENGTH,
  condition: MAX_CONDITION_LENGTH,
  slug: MAX_SLUG_LENGTH,
  emoji: MAX_EMOJI_LENGTH,
  icon: MAX_EMOJI_LENGTH,
  ref: MAX_REF_LENGTH,
  page: MAX_ID_LENGTH,
  into: MAX_ID_LENGTH,
  revision: MAX_ID_LENGTH
}
const FILE_LIMITS: Readonly<Record<string, number>> = {
  ref: MAX_REF_LENGTH,
  name: MAX_FILE_NAME_LENGTH,
  contentType: MAX_CONTENT_TYPE_LENGTH,
  url: MAX_FILE_URL_LENGTH,
  base64: MAX_BASE64_LENGTH
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Each string of `fields` past its limit, as `changes[i].field: n characters (over m)`. */
const overLimits = (fields: Record<string, unknown>, limits: Readonly<Record<string, number>>, at: string): Array<string> =>
  Object.entries(limits).flatMap(([name, limit]) => {
    const value = fields[name]
    return typeof value === "string" && value.length > limit ? [`${at}.${name}: ${value.length} characters (over ${limit})`] : []
  })

/** Why an `updateChangeRequestContent` body must be refused for a field's length or a file's media type. */
const changeFieldProblems = (body: unknown): Array<string> => {
  const changes = record(body)?.changes
  if (!Array.isArray(changes)) return []
  return changes.flatMap((change, i) => {
    const fields = record(change)
    if (fields === undefined) return []
    const problems = overLimits(fields, CHANGE_LIMITS, `changes[${i}]`)
    const blocks = Array.isArray(fields.block) ? fields.block : []
    for (const [j, key] of blocks.entries()) {
      if (typeof key === "string" && key.length > MAX_ID_LENGTH) problems.push(`changes[${i}].block[${j}]: over ${MAX_ID_LENGTH} characters`)
    }
    const files = Array.isArray(fields.files) ? fields.files : []
    for (const [j, file] of files.entries()) {
      const fileFields = record(file)
      if (fileFields === undefined) continue
      problems.push(...overLimits(fileFields, FILE_LIMITS, `changes[${i}].files[${j}]`))
      const type = fileFields.contentType
      if (typeof type === "string" && !isMediaType(type)) problems.push(`changes[${i}].files[${j}].contentType: not a media type`)
    }
    return problems
  })
}

const isJson = (contentType: string | undefined) => contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType)

/**
 * Issue 7, "input limits at the edge": a body over the cap is 413; a body that is not JSON
 * where JSON is expected is 415; unreadable JSON, nesting beyond a sane depth, NUL bytes and
 * lone surrogates are 400. Issue 29: a change's free-text field past its limit, or a file's
 * `contentType` that is not a media type, is 400. Held for the admin only (others may be
 * refused earlier, rightly).
 */
export const limitExpectations = (request: FuzzRequest, wire: WireRequest): ReadonlyArray<LimitExpectation> => {
  if (request.principal !== "admin" || request.operation.body === undefined || wire.body === undefined) return []
  const expectations: Array<LimitExpectation> = []
  if (Buffer.byteLength(wire.body) > BODY_CAP_BYTES) expectations.push({ statuses: [413], why: "a body over the 1 MB cap" })
  const contentType = wire.headers["content-type"]
  if (contentType !== undefined && !isJson(contentType)) {
    expectations.push({ statuses: [415], why: `a body of type ${contentType.split(";")[0]} where JSON is expected` })
  }
  if (!isJson(contentType) || wire.body === "") return expectations
  let parsed: unknown
  try {
    // RFC 8259 lets a parser ignore a leading byte-order mark.
    parsed = JSON.parse(wire.body.replace(/^\ufeff/, ""))
  } catch {
    return [...expectations, { statuses: [400], why: "unreadable JSON" }]
  }
  if (depthOf(parsed) > MAX_SANE_DEPTH) expectations.push({ statuses: [400], why: `JSON nested deeper than ${MAX_SANE_DEPTH}` })
  const strings = stringsOf(parsed)
  if (strings.some((s) => s.includes("\u0000"))) expectations.push({ statuses: [400], why: "a NUL character in the body" })
  if (strings.some((s) => LONE_SURROGATE.test(s))) expectations.push({ statuses: [400], why: "a lone surrogate in the body" })
  if (request.operation.id === "updateChangeRequestContent") {
    for (const problem of changeFieldProblems(parsed)) expectations.push({ statuses: [400], why: problem })
  }
  return expectations
}
