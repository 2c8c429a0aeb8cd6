import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

let started: Promise<string> | undefined

/**
 * The URL of a markdown page on loopback that the content imports fetch (the fuzz servers run
 * with `QUIRE_FETCH_ALLOW=127.0.0.1`): what lets a generated import succeed. One server for the
 * test process, which it does not keep alive.
 */
export const importSourceUrl = (): Promise<string> =>
  (started ??= new Promise((resolve) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/markdown; charset=utf-8" })
      response.end("# Imported\n\nA page the fuzz suite imports.\n\n## Section\n\nMore.\n")
    })
    server.listen(0, "127.0.0.1", () => {
      server.unref()
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/imported.md`)
    })
  }))
