import { Cookies, HttpServerError, type HttpServerResponse } from "@effect/platform"
import { Chunk, Effect, Stream } from "effect"
import type { OutgoingHttpHeaders, ServerResponse } from "node:http"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { closeAfterDiscardingBody } from "./lingeringClose.js"
import type { NodeServerRequest } from "./NodeServerRequest.js"

const headersOf = (response: HttpServerResponse.HttpServerResponse): OutgoingHttpHeaders => {
  if (Cookies.isEmpty(response.cookies)) return response.headers
  const headers: OutgoingHttpHeaders = { ...response.headers }
  const cookies = Cookies.toSetCookieHeaders(response.cookies)
  if (headers["set-cookie"] !== undefined) cookies.push(String(headers["set-cookie"]))
  headers["set-cookie"] = cookies
  return headers
}

const failed = (request: NodeServerRequest, response: HttpServerResponse.HttpServerResponse) => (cause: unknown) =>
  new HttpServerError.ResponseError({ request, response, reason: "Decode", cause })

/**
 * Ends an answer held in memory with `body`: at once, or, when the answer closes the connection
 * while the request's body is still coming (a refusal), once the rest of it has been read and
 * discarded (`closeAfterDiscardingBody`). The answer is written first; only its end waits.
 */
const endWith = (request: NodeServerRequest, response: HttpServerResponse.HttpServerResponse, body?: string | Uint8Array) => {
  const node = request.response
  if (response.headers.connection !== "close" || request.source.complete) return void node.end(body)
  if (body !== undefined) node.write(body)
  closeAfterDiscardingBody(request.source, () => node.end())
}

/** Writes a body the stream `body` yields, pausing while Node's buffer is full. */
const writeStream = (node: ServerResponse, body: Stream.Stream<Uint8Array, unknown>) =>
  Effect.suspend(() => {
    const drained = Effect.unsafeMakeLatch()
    node.on("drain", () => drained.unsafeOpen())
    return Stream.runForEachChunk(body, (chunk) => {
      let full = false
      for (const part of Chunk.toReadonlyArray(chunk)) full = !node.write(part)
      if (!full) return Effect.void
      drained.unsafeClose()
      return drained.await
    })
  })

/**
 * Sends `response` on Node's response. A body already in memory (the JSON answers, empty
 * answers, text) is handed to Node in one `end` and the request's fiber does not wait for the
 * socket: Node writes it and reports a failed write on the socket itself, which ends the
 * connection. Streams and Node streams are piped, and the fiber waits for them (interrupted,
 * it stops them). `FormData` bodies are refused with a bare 500: Quire answers none.
 */
export const writeResponse = (
  request: NodeServerRequest,
  response: HttpServerResponse.HttpServerResponse
): Effect.Effect<void, HttpServerError.ResponseError> => {
  const node = request.response
  if (node.writableEnded) return Effect.void
  const body = response.body
  if (body._tag === "FormData") {
    node.writeHead(500).end()
    return Effect.fail(failed(request, response)("NodeServer sends no FormData bodies"))
  }
  node.writeHead(response.status, headersOf(response))
  if (request.method === "HEAD") {
    endWith(request, response)
    return Effect.void
  }
  switch (body._tag) {
    case "Empty":
      endWith(request, response)
      return Effect.void
    case "Uint8Array":
      endWith(request, response, body.body)
      return Effect.void
    case "Raw": {
      const raw = body.body as { pipe?: unknown }
      if (typeof raw === "object" && raw !== null && typeof raw.pipe === "function") {
        return Effect.tryPromise({
          try: (signal) => pipeline(raw as unknown as Readable, node, { signal, end: true }),
          catch: failed(request, response)
        }).pipe(Effect.interruptible)
      }
      node.end(body.body)
      return Effect.void
    }
    case "Stream":
      // A body cut short must not look complete: the connection is destroyed, not ended.
      return writeStream(node, body.stream).pipe(
        Effect.mapError(failed(request, response)),
        Effect.interruptible,
        Effect.onExit((exit) => Effect.sync(() => (exit._tag === "Success" ? node.end() : node.destroy())))
      )
  }
}
