import { connect } from "node:net"
import type { WireResponse } from "./client.js"

const TIMEOUT_MS = 10_000

/** Reads a raw HTTP/1.1 response (its body by content-length, chunked, or up to the close). */
const parse = (raw: Buffer): WireResponse => {
  const text = raw.toString("latin1")
  const end = text.indexOf("\r\n\r\n")
  if (end === -1) return { status: 0, contentType: undefined, text: "", failure: `no complete answer: ${JSON.stringify(text.slice(0, 100))}` }
  const [statusLine, ...headerLines] = text.slice(0, end).split("\r\n")
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(":")).trim().toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]))
  let body = raw.subarray(end + 4)
  if (headers.get("transfer-encoding")?.includes("chunked")) {
    const chunks: Array<Buffer> = []
    let at = 0
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at)
      const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16)
      if (!(size > 0)) break
      chunks.push(body.subarray(lineEnd + 2, lineEnd + 2 + size))
      at = lineEnd + 2 + size + 2
    }
    body = Buffer.concat(chunks)
  } else if (headers.has("content-length")) {
    body = body.subarray(0, Number(headers.get("content-length")))
  }
  return { status: Number(statusLine?.split(" ")[1] ?? 0), contentType: headers.get("content-type"), text: body.toString("utf8") }
}

/** Writes `bytes` on a fresh connection and reads the answer until the server closes it. */
export const sendRaw = (base: URL, bytes: string): Promise<WireResponse> =>
  new Promise((done) => {
    const chunks: Array<Buffer> = []
    const socket = connect({ host: base.hostname, port: Number(base.port) })
    const finish = () => done(parse(Buffer.concat(chunks)))
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy())
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("close", finish)
    socket.on("error", () => {})
    socket.end(bytes, "latin1")
  })
