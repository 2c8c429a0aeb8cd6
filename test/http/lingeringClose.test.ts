import { HttpClient, HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { NodeServer } from "@quire/http/node"
import { Effect, Scope } from "effect"
import { type IncomingMessage, request } from "node:http"
import { bodyTooLarge, refusalResponse } from "../../adapters/http/src/input/BodyRefused.js"
import { readBodyText } from "../../adapters/http/src/input/readBody.js"
import { LINGER_MAX_BYTES, LINGER_MAX_MILLIS } from "../../adapters/http/src/node/lingeringClose.js"

/**
 * A body over the cap is answered 413 before it has all come; the connection then closes, but
 * only once the rest has been read and discarded ("lingering close"), within bounds. Closed at
 * once, a client still writing has its connection closed or reset under it, often before it
 * has read the answer (the fuzz suite's flake: EPIPE or ECONNRESET instead of the 413).
 *
 * Served on `NodeServer` with Quire's own body reader and refusal: `/read` reads the body as
 * every operation does, refusing it once past the cap; `/refuse` answers without reading, as
 * `InputLimitsLive` does a body whose declared length is over the cap.
 */

interface Upload {
    readonly path: "/read" | "/refuse"
  /** Whether the length is sent up front; else the body is sent chunked. */
  readonly declared: boolean
  readonly total: number
  readonly chunk: number
  readonly gapMillis: number
}

interface Outcome {
  readonly status: number | undefined
  readonly body: string
  /** The first error Node's client reported (EPIPE, ECONNRESET...), if any. */
  readonly error: string | undefined
  /** Body bytes written when the answer arrived, and in all. */
  readonly sentAtAnswer: number | undefined
  readonly sent: number
  readonly millis: number
}

const MB = 1024 * 1024

/**
 * POSTs `upload.total` bytes with Node's client, `chunk` bytes at a time, `gapMillis` apart,
 * until all are sent or the connection fails, and reads the answer only then, as a client busy
 * writing does: read at once, Node's client would stop sending as soon as the answer ended.
 */
const upload = (port: number, upload: Upload): Promise<Outcome> =>
  new Promise((resolve) => {
    const start = Date.now()
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: upload.path,
      agent: false,
      headers: { "content-type": "application/json", ...(upload.declared ? { "content-length": String(upload.total) } : {}) }
    })
    const piece = Buffer.alloc(upload.chunk, "x")
    let response: IncomingMessage | undefined
    let sentAtAnswer: number | undefined
    let sent = 0
    let error: string | undefined
    let closed = false
    let body = ""
    let bodyDone = false
    const settle = () => {
      if (closed && (response === undefined || bodyDone)) {
        resolve({ status: response?.statusCode, body, error, sentAtAnswer, sent, millis: Date.now() - start })
      }
    }
    const readAnswer = () => {
      if (response === undefined) return
      response.setEncoding("utf8")
      response.on("data", (text: string) => (body += text))
      const done = () => {
        bodyDone = true
        settle()
      }
      for (const event of ["end", "error", "close"]) response.once(event, done)
    }
    req.on("response", (res) => {
      response = res
      sentAtAnswer = sent
      if (error !== undefined || sent >= upload.total) readAnswer()
    })
    req.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message))
    req.on("close", () => {
      closed = true
      settle()
    })
    const next = () => {
      if (error !== undefined || req.destroyed) return readAnswer()
      if (sent >= upload.total) {
        req.end()
        return readAnswer()
      }
      const size = Math.min(upload.chunk, upload.total - sent)
      sent += size
      req.write(piece.subarray(0, size), (e) => {
        if (e) error ??= (e as NodeJS.ErrnoException).code ?? e.message
        setTimeout(next, upload.gapMillis)
      })
    }
    next()
  })

const CAP = 256 * 1024

const refused = bodyTooLarge(CAP)

const expectPayloadTooLarge = (outcome: Outcome) => {
  expect(outcome.status).toBe(413)
  expect(JSON.parse(outcome.body)).toEqual({ error: { code: 413, message: refused.message } })
}

const routes = HttpRouter.empty.pipe(
  HttpRouter.post(
    "/read",
    Effect.gen(function* () {
      const text = yield* readBodyText(yield* HttpServerRequest.HttpServerRequest, CAP, yield* Scope.Scope)
      return HttpServerResponse.text(`read ${text.length} bytes`)
    }).pipe(Effect.catchTag("BodyRefused", (refusal) => Effect.succeed(refusalResponse(refusal))))
  ),
  HttpRouter.post("/refuse", Effect.succeed(refusalResponse(refused))),
  HttpRouter.get("/ok", HttpServerResponse.text("ok"))
)

/** `routes` served on a free port, for the rest of the test's scope; its port. */
const serving = Effect.gen(function* () {
  yield* HttpServer.serveEffect()(routes)
  const address = (yield* HttpServer.HttpServer).address
  if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
  return address.port
})

/** The server still answers the next request. */
const stillServes = Effect.gen(function* () {
  const response = yield* (yield* HttpClient.HttpClient).get("/ok")
  expect(response.status).toBe(200)
  expect(yield* response.text).toBe("ok")
})

describe("NodeServer: a body over the cap, still being sent when the 413 is written", () => {
  for (const [path, declared] of [
    ["/refuse", true],
    ["/read", true],
    ["/read", false]
  ] as const) {
    it.scopedLive(`is read to its end, and the client gets the 413, not a reset (${path}, ${declared ? "length declared" : "chunked"})`, () =>
      Effect.gen(function* () {
        const port = yield* serving
        const total = 2 * CAP
        const outcome = yield* Effect.promise(() => upload(port, { path, declared, total, chunk: 16 * 1024, gapMillis: 5 }))
        // What makes the case: the answer came while the client still had a good part to send.
        expect(outcome.sentAtAnswer).toBeLessThan(total - 4 * 16 * 1024)
        expect(outcome.error).toBeUndefined()
        expect(outcome.sent).toBe(total)
        expectPayloadTooLarge(outcome)
        yield* stillServes
      }).pipe(Effect.provide(NodeServer.layerTest))
    )
  }

  it.scopedLive(`is read no more than ${LINGER_MAX_BYTES} bytes past the answer: then the connection is closed`, () =>
    Effect.gen(function* () {
      const port = yield* serving
      const total = 256 * MB
      const outcome = yield* Effect.promise(() => upload(port, { path: "/read", declared: false, total, chunk: 256 * 1024, gapMillis: 0 }))
      expectPayloadTooLarge(outcome)
      // The cap and the bound, plus what the sockets' buffers hold; far from all of it.
      expect(outcome.sent).toBeGreaterThan(CAP + LINGER_MAX_BYTES)
      expect(outcome.sent).toBeLessThan(64 * MB)
      yield* stillServes
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scopedLive(`is read no longer than ${LINGER_MAX_MILLIS} ms past the answer: then the connection is closed`, () =>
    Effect.gen(function* () {
      const port = yield* serving
      const total = 64 * MB
      const outcome = yield* Effect.promise(() => upload(port, { path: "/refuse", declared: true, total, chunk: 1024, gapMillis: 20 }))
      expectPayloadTooLarge(outcome)
      expect(outcome.sent).toBeLessThan(total)
      expect(outcome.millis).toBeGreaterThanOrEqual(LINGER_MAX_MILLIS - 100)
      expect(outcome.millis).toBeLessThan(LINGER_MAX_MILLIS + 3_000)
      yield* stillServes
    }).pipe(Effect.provide(NodeServer.layerTest))
  )
})
