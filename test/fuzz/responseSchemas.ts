import { findOperation, validateResponse } from "../e2e/support/officialSpec.js"
import type { Operation } from "./operations.js"
import { quireResponseProblems } from "./quireSchemas.js"

/**
 * Whether Quire's document gives this answer as bytes (a file download, a PDF), not JSON: there
 * is no schema to hold it to.
 */
const isBinary = (operation: Operation, status: number): boolean => {
  const content = (operation.responses[String(status)] as { content?: Record<string, unknown> } | undefined)?.content
  return content !== undefined && Object.keys(content).length > 0 && !("application/json" in content)
}

/**
 * Problems of a success answer: its status must be one the spec documents for the operation
 * and its body valid against the official spec's schema for it (the e2e suite's validator),
 * or, for an operation the official spec lacks, against Quire's own document.
 */
export const successProblems = (operation: Operation, status: number, text: string): ReadonlyArray<string> => {
  if (isBinary(operation, status)) return []
  let body: unknown
  if (text !== "") {
    try {
      body = JSON.parse(text)
    } catch {
      return [`the body is not JSON: ${text.slice(0, 200)}`]
    }
  }
  if ((status === 204 || status === 205) && text !== "") return [`${status} with a body`]
  const officialPath = operation.template.replace(/^\/v1/, "").replace(/\{[^}]+\}/g, "x") || "/"
  const official = findOperation(operation.method, officialPath)
  if (official === undefined || official.operationId !== operation.id) return quireResponseProblems(operation, status, body)
  if (official.responses[String(status)] === undefined) {
    return [`status ${status} is not documented by the official spec (it lists ${Object.keys(official.responses).join(", ")})`]
  }
  return validateResponse(operation.method, officialPath, status, body)
}
