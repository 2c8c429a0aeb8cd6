import { expect } from "vitest"
import { type IncomingHttpHeaders, request } from "node:http"
import { connect } from "node:net"

export interface RawResponse {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly text: string
  /** Milliseconds from sending the request to the end of the answer. */
  readonly millis: number
}

export interface RawRequest {
  readonly method: string
  readonly path: string
  readonly headers?: Record<string, string>
  /** One string is sent with its Content-Length; several chunks are sent chunked, without one. */
  readonly body?: string | Buffer | ReadonlyArray<string | Buffer>
}

/**
 * One request with Node's own client, which (unlike fetch) reports an answer that arrives
 * before the body is sent whole: the server may answer a body over its cap and close.
 */
export const send = (baseUrl: string, options: RawRequest): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const start = Date.now()
    let answered = false
    const req = request(new URL(options.path, baseUrl), { method: options.method, headers: options.headers ?? {} }, (res) => {
      answered = true
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => (text += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, millis: Date.now() - start }))
      res.on("error", reject)
    })
    // Writing the rest of a refused body may fail once the server has answered and closed.
    req.on("error", (error) => {
      if (!answered) reject(error)
    })
    const body = options.body
    if (body === undefined) req.end()
    else if (typeof body === "string" || Buffer.isBuffer(body)) req.end(body)
    else {
      for (const chunk of body) req.write(chunk)
      req.end()
    }
  })

/** Writes raw bytes on a fresh connection and reads everything the server sends until it closes. */
export const exchange = (port: number, bytes: string | Buffer, timeoutMillis = 10_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let text = ""
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no close within ${timeoutMillis} ms; received: ${JSON.stringify(text.slice(0, 500))}`))
    }, timeoutMillis)
    socket.setEncoding("utf8")
    socket.on("data", (chunk) => (text += chunk))
    socket.on("error", () => {})
    socket.on("close", () => {
      clearTimeout(timer)
      resolve(text)
    })
    socket.write(bytes)
  })

/** A raw HTTP answer split into status, lower-cased headers and body. */
export const parseRawAnswer = (raw: string) => {
  const end = raw.indexOf("\r\n\r\n")
  const head = end === -1 ? raw : raw.slice(0, end)
  const [statusLine = "", ...lines] = head.split("\r\n")
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":")
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    })
  )
  return { statusLine, status: Number(statusLine.split(" ")[1]), headers, body: end === -1 ? "" : raw.slice(end + 4) }
}

/** The official error body with `status`, as JSON, a 400 naming its `field`; returns its message. */
export const expectErrorBody = (
  answer: { readonly status: number; readonly contentType: string | undefined; readonly body: string },
  status: number
): string => {
  expect({ status: answer.status, body: answer.body.slice(0, 300) }).toMatchObject({ status })
  expect(answer.contentType ?? "").toMatch(/^application\/json/)
  const parsed = JSON.parse(answer.body) as { error: { code: number; message: string } }
  const field = status === 400 ? { field: expect.stringMatching(/./) } : {}
  expect(parsed).toEqual({ error: { code: status, message: expect.any(String), ...field } })
  return parsed.error.message
}

/** `expectErrorBody` for an answer from `send`. */
export const expectError = (response: RawResponse, status: number): string =>
  expectErrorBody({ status: response.status, contentType: response.headers["content-type"], body: response.text }, status)
