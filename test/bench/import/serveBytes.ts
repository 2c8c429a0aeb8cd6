import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface BytesServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  readonly close: () => Promise<void>
}

/** A loopback HTTP server answering each path of `files` with its bytes (a zip), 404 otherwise. */
export const serveBytes = async (files: Readonly<Record<string, Uint8Array>>): Promise<BytesServer> => {
  const server = createServer((request, response) => {
    const body = files[new URL(request.url ?? "/", "http://x").pathname]
    if (body === undefined) response.writeHead(404, { "content-type": "text/plain" }).end("not found")
    else response.writeHead(200, { "content-type": "application/zip", "content-length": body.length }).end(body)
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done()))
  }
}
