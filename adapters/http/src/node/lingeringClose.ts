import type { IncomingMessage } from "node:http"

/** How much more of a body is read after its answer, at most, before the connection is closed all the same. */
export const LINGER_MAX_BYTES = 4 * 1024 * 1024
/** How long, at most, a body is read after its answer before the connection is closed all the same. */
export const LINGER_MAX_MILLIS = 2_000

/**
 * Reads and discards the rest of `request`'s body, then calls `close`: once the body has ended,
 * or `LINGER_MAX_BYTES` more have come, or `LINGER_MAX_MILLIS` have passed, whichever is first.
 *
 * Why: an answer sent before the body was read whole (413 past the cap, 415) closes the
 * connection. Closed while bytes the client sent are still unread, the socket is reset rather
 * than ended (TCP does so when unread data is discarded), and a client still writing gets EPIPE
 * or ECONNRESET, often before it has read the answer. So, as Apache and nginx do ("lingering
 * close"), the server reads on for a while after answering, and closes once the client is done;
 * the bounds keep a client that never stops from holding the connection.
 */
export const closeAfterDiscardingBody = (request: IncomingMessage, close: () => void): void => {
  if (request.complete) {
    close()
    return
  }
  let left = LINGER_MAX_BYTES
  let closed = false
  const done = () => {
    if (closed) return
    closed = true
    clearTimeout(timer)
    request.off("data", discard)
    request.off("end", done)
    request.off("close", done)
    close()
  }
  const discard = (chunk: Buffer) => {
    left -= chunk.length
    if (left < 0) done()
  }
  const timer = setTimeout(done, LINGER_MAX_MILLIS)
  request.on("data", discard)
  request.once("end", done)
  // The client went away (the request was destroyed): nothing is left to read.
  request.once("close", done)
  request.resume()
}
