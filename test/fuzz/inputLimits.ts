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

const isJson = (contentType: string | undefined) => contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType)

/**
 * Issue 7, "input limits at the edge": a body over the cap is 413; a body that is not JSON
 * where JSON is expected is 415; unreadable JSON, nesting beyond a sane depth, NUL bytes and
 * lone surrogates are 400. Held for the admin only (others may be refused earlier, rightly).
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
  return expectations
}
