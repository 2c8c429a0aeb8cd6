import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { type DomainError, DomainErrors } from "@quire/core"
import { shortMessage, shortValue } from "../errorMessage.js"
import type { ToolOutput } from "./tools.js"

/** The REST API's error body for a domain error: `{"error": {"code", "message", "field"?}}`. */
export const errorBody = (error: DomainError) => ({
  error: {
    code: DomainErrors[error._tag].status,
    message: shortMessage(error.message),
    ...(error._tag === "InvalidInput" ? { field: shortValue(error.field) } : {})
  }
})

export const toolSuccess = (output: ToolOutput): CallToolResult => ({ content: [{ type: "text", text: output.text }] })

/** A domain error as a tool error: the REST error body, as text and as structured content. */
export const toolError = (error: DomainError): CallToolResult => {
  const body = errorBody(error)
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body }
}

/** A defect (a bug, logged with its cause): the tool error says no more than the API's 500 would. */
export const toolFailure: CallToolResult = {
  isError: true,
  content: [{ type: "text", text: JSON.stringify({ error: { code: 500, message: "Internal server error" } }) }]
}
