import { request as httpRequest } from "node:http"
import type { WireRequest } from "./request.js"

export interface WireResponse {
  /** 0 when no answer came (connection reset, timeout). */
  readonly status: number
  readonly contentType: string | undefined
  /** Where a redirect sends the client. */
  readonly location?: string | undefined
  readonly text: string
  /** Why no answer came. */
  readonly failure?: string
}

const TIMEOUT_MS = 15_000

/**
 * Sends a request exactly as given, on a connection of its own: `node:http` leaves the path
 * alone (`fetch` would normalise `..` and `%2e%2e` away) and sends any body bytes.
 */
export const send = (base: URL, wire: WireRequest): Promise<WireResponse> =>
  new Promise((done) => {
    const body = wire.body === undefined ? undefined : Buffer.from(wire.body, "utf8")
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: wire.method,
        path: wire.path,
        headers: { ...wire.headers, ...(body === undefined ? {} : { "content-length": String(body.length) }) },
        agent: false,
        timeout: TIMEOUT_MS
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          done({
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"],
            location: response.headers.location,
            text: Buffer.concat(chunks).toString("utf8")
          })
        )
        response.on("error", (error) => done({ status: 0, contentType: undefined, text: "", failure: String(error) }))
      }
    )
    request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)))
    request.on("error", (error) => done({ status: 0, contentType: undefined, text: "", failure: String(error) }))
    request.end(body)
  })
