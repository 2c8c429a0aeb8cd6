import { type Server, STATUS_CODES } from "node:http"
import type { Duplex } from "node:stream"

/** What Node's parser refused, by its error code, as a status and the words for it. */
const refusalOf = (code: string | undefined): readonly [status: number, message: string] => {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "The request's header fields are too large"]
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "The request did not arrive in time"]
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return [413, "The request's chunk extensions are too large"]
    default:
      return [400, "The request is not valid HTTP"]
  }
}

/**
 * The official error body; a 400 also names its field, as every 400 does (see
 * `InvalidInputError`): here `request`, since Node refused the request as a whole.
 */
const rawAnswer = (code: string | undefined): string => {
  const [status, message] = refusalOf(code)
  const body = JSON.stringify({ error: status === 400 ? { code: status, message, field: "request" } : { code: status, message } })
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  )
}

/** The response Node may have begun on this socket: then nothing else may be written there. */
type WithResponse = Duplex & { readonly _httpMessage?: { readonly headersSent: boolean } | null }

/**
 * `server`, answering what Node refuses before any handler runs (a malformed request, headers
 * over `maxHeaderSize`, a request not received within `headersTimeout`/`requestTimeout`) in
 * the official error body instead of Node's empty one, then closing the connection. Apply it
 * to the `http.Server` the API is served on.
 */
export const withJsonClientErrors = <S extends Server>(server: S): S =>
  server.on("clientError", (error: NodeJS.ErrnoException, socket: WithResponse) => {
    // As Node does: answer only when no response has begun on the socket, so none is corrupted.
    if (socket.writable && !socket._httpMessage?.headersSent) socket.write(rawAnswer(error.code))
    socket.destroy()
  })
