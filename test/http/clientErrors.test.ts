import { withJsonClientErrors } from "@quire/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import { exchange, expectErrorBody, parseRawAnswer } from "./support/rawHttp.js"

/** What Node itself refuses, before any handler runs, answered in the official error body. */
describe("withJsonClientErrors", () => {
  let server: Server
  let port: number

  beforeAll(async () => {
    // Short timeouts so that a request that never finishes arriving is refused within the test.
    server = withJsonClientErrors(
      createServer({ requestTimeout: 400, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end("ok"))
    )
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
    port = (server.address() as { port: number }).port
  })

  afterAll(async () => {
    await new Promise((done) => server.close(done))
  })

  const expectAnswer = async (bytes: string, status: number) => {
    const answer = parseRawAnswer(await exchange(port, bytes))
    expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [A-Z]`))
    expect(answer.headers["connection"]).toBe("close")
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body))
    return expectErrorBody({ status: answer.status, contentType: answer.headers["content-type"], body: answer.body }, status)
  }

  it("answers a malformed request with 400", async () => {
    await expectAnswer("GARBAGE\r\n\r\n", 400)
    await expectAnswer("GET / HTTP/1.1\r\nhost: x\r\ncontent-length: nope\r\n\r\n", 400)
  })

  it("answers headers over the limit with 431", async () => {
    await expectAnswer(`GET / HTTP/1.1\r\nhost: x\r\nx-padding: ${"a".repeat(20 * 1024)}\r\n\r\n`, 431)
  })

  it("answers a request that does not arrive in time with 408", async () => {
    await expectAnswer("GET / HTTP/1.1\r\nhost: x\r\n", 408)
  })

  it("leaves good requests alone", async () => {
    const answer = parseRawAnswer(await exchange(port, "GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"))
    expect(answer.status).toBe(200)
    expect(answer.body).toContain("ok")
  })
})
