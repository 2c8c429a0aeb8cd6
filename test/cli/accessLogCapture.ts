import { createServer, type RequestListener } from "node:http"
import type { AddressInfo } from "node:net"
import { vi } from "@effect/vitest"
import { withAccessLog } from "../../packages/cli/src/accessLog.js"

/**
 * A server behind the access log, answering with `handler`, whose log lines (those naming
 * `/v1/`) are kept instead of written; other stderr output goes through. `lines(n)` waits up
 * to 5 s for `n` lines (the log is written every 100 ms) and closes the server. The caller's
 * `afterEach` restores the mocks.
 */
export const loggedServer = async (handler: RequestListener) => {
  let written = ""
  const write = process.stderr.write.bind(process.stderr)
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: any, ...rest: Array<any>) => {
    if (!String(chunk).includes("/v1/")) return write(chunk, ...rest)
    written += String(chunk)
    return true
  })
  const server = withAccessLog(createServer(handler))
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    /** Waits for `count` lines (at most 5 s), closes the server, and gives everything written. */
    lines: async (count: number) => {
      const deadline = Date.now() + 5_000
      while (written.split("\n").length <= count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      await new Promise((done) => server.close(done))
      return written
    }
  }
}
