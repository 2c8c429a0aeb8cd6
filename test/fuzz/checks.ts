import type { WireResponse } from "./client.js"
import { limitExpectations } from "./inputLimits.js"
import type { FuzzRequest, WireRequest } from "./request.js"
import { successProblems } from "./responseSchemas.js"

/** The properties every answer is held to. Known failures name the rule they break. */
export type Rule = "server-error" | "error-shape" | "error-size" | "response-schema" | "authentication" | "input-limit"

export interface Problem {
  readonly rule: Rule
  readonly detail: string
}

/**
 * An error body may name the field and a short prefix of the value, never echo a large value
 * (issue 7). 2 KB is far more than any honest message needs.
 */
export const MAX_ERROR_BODY_BYTES = 2_048

/**
 * The official error body, exactly: `{"error": {"code": <status>, "message": "<non-empty>"}}`, a 400
 * with the field it names too (`"field": "<non-empty>"`).
 */
export const errorShapeProblems = (status: number, contentType: string | undefined, text: string): ReadonlyArray<string> => {
  if (contentType === undefined || !/^application\/json\b/i.test(contentType)) {
    return [`content type is ${contentType ?? "absent"}, not application/json (body: ${JSON.stringify(text.slice(0, 100))})`]
  }
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    return [`the body is not JSON: ${JSON.stringify(text.slice(0, 100))}`]
  }
  const problems: Array<string> = []
  const keys = (value: unknown) => (value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).sort().join(",") : "")
  if (keys(body) !== "error") problems.push(`top-level keys are [${keys(body)}], not [error]`)
  else if (keys(body.error) !== (status === 400 ? "code,field,message" : "code,message")) {
    problems.push(`error's keys are [${keys(body.error)}], not [code, ${status === 400 ? "field, " : ""}message]`)
  } else {
    if (body.error.code !== status) problems.push(`error.code is ${JSON.stringify(body.error.code)}, the status ${status}`)
    if (typeof body.error.message !== "string" || body.error.message.trim() === "") problems.push("error.message is empty or not a string")
    if (status === 400 && (typeof body.error.field !== "string" || body.error.field === "")) problems.push("error.field is empty or not a string")
  }
  return problems
}

/** Principals with no valid token. */
const unauthenticated = new Set(["anonymous", "wrongToken", "malformedAuthorization"])

/** A segment the router must route: junk (`..`, bad escapes, over 100 characters) may be a 404 before authentication. */
const ORDINARY_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,100}$/

const routable = (request: FuzzRequest) => Object.values(request.path).every((segment) => ORDINARY_SEGMENT.test(segment))

/** Everything wrong with the answer to one request; empty when it is right. */
export const problemsOf = (request: FuzzRequest, wire: WireRequest, response: WireResponse): ReadonlyArray<Problem> => {
  const { status } = response
  if (status === 0) return [{ rule: "server-error", detail: `no answer: ${response.failure}` }]
  const problems: Array<Problem> = []
  if (status >= 500) problems.push({ rule: "server-error", detail: `answered ${status}` })
  if (status >= 400) {
    for (const detail of errorShapeProblems(status, response.contentType, response.text)) problems.push({ rule: "error-shape", detail })
    const size = Buffer.byteLength(response.text)
    if (size > MAX_ERROR_BODY_BYTES) problems.push({ rule: "error-size", detail: `error body of ${size} bytes (at most ${MAX_ERROR_BODY_BYTES})` })
  } else if (status >= 200 && status < 300) {
    for (const detail of successProblems(request.operation, status, response.text)) problems.push({ rule: "response-schema", detail })
  } else if (!(String(status) in request.operation.responses)) {
    problems.push({ rule: "response-schema", detail: `unexpected status ${status}` })
  } else if (response.location === undefined || !URL.canParse(response.location)) {
    problems.push({ rule: "response-schema", detail: `a ${status} redirect without an absolute Location` })
  }
  // An unroutable path is a 404 before any body is read.
  const limits = routable(request) ? limitExpectations(request, wire) : []
  if (limits.length > 0 && !limits.some((limit) => limit.statuses.includes(status))) {
    const expected = limits.map((limit) => `${limit.statuses.join("/")} for ${limit.why}`).join(", or ")
    problems.push({ rule: "input-limit", detail: `expected ${expected}; got ${status}` })
  }
  if (request.operation.secured && unauthenticated.has(request.principal)) {
    const refused = status === 401 || status === 429 || (!routable(request) && status >= 400 && status < 500)
    if (!refused) problems.push({ rule: "authentication", detail: `a secured operation answered ${status} to a request without a valid token` })
  }
  return problems
}

/** A request Node's parser refuses must be a 4xx in the error shape, like any other refusal. */
export const transportProblems = (response: WireResponse): ReadonlyArray<Problem> => {
  const { status } = response
  if (status === 0) return [{ rule: "server-error", detail: `no answer: ${response.failure}` }]
  if (status >= 500) return [{ rule: "server-error", detail: `answered ${status}` }]
  if (status < 400) return [{ rule: "error-shape", detail: `answered ${status}, not a refusal` }]
  return errorShapeProblems(status, response.contentType, response.text).map((detail) => ({ rule: "error-shape", detail }))
}
