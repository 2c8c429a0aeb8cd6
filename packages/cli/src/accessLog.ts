import type { Server } from "node:http"

/**
 * Log lines wait here until the end of the current turn of the event loop, then go out in
 * one write: a busy server makes one syscall per batch, not one per request.
 */
let pending: Array<string> = []
const flush = () => {
  const lines = pending
  pending = []
  process.stderr.write(lines.join(""))
}

/**
 * One line per request on stderr, `<ISO time> <method> <url> <status> <ms>ms`, taken from
 * Node's own request and response: the status is the one sent, and a request whose client
 * went away before the answer is logged as 499. Kept outside the Effect request pipeline,
 * where the same line cost ~8 µs of a ~125 µs request (a middleware's effects per request).
 */
export const withAccessLog = <S extends Server>(server: S): S =>
  server.on("request", (request, response) => {
    const start = Date.now()
    response.once("close", () => {
      const end = Date.now()
      const status = response.writableFinished ? response.statusCode : 499
      if (pending.length === 0) setImmediate(flush)
      pending.push(`${new Date(end).toISOString()} ${request.method} ${request.url} ${status} ${end - start}ms\n`)
    })
  })
