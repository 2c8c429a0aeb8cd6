/**
 * The floor of an HTTP server answering fixed JSON at `GET /v1/spaces/:id`, on `PORT`:
 * `FLOOR_MODE=raw` (bare `node:http`), `platform` (an `HttpRouter` on `NodeHttpServer`) or
 * `quire` (the same router on Quire's `NodeServer`) or `quire-app` (no router: an app answering
 * every request with the JSON, on `NodeServer`). Measure with wrk and the server's CPU time.
 */
import { HttpRouter, HttpServer, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { NodeServer } from "@quire/http/node"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"

const mode = process.env.FLOOR_MODE ?? "platform"
const port = Number(process.env.PORT)
if (mode === "raw") {
  const text = JSON.stringify({ ok: true })
  createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
    response.end(text)
  }).listen(port)
} else {
  const body = HttpServerResponse.unsafeJson({ ok: true })
  const app =
    mode === "quire-app" ? Effect.succeed(body) : HttpRouter.empty.pipe(HttpRouter.get("/v1/spaces/:id", Effect.succeed(body)))
  const server = mode.startsWith("quire") ? NodeServer.layer(createServer, { port }) : NodeHttpServer.layer(createServer, { port })
  NodeRuntime.runMain(
    Layer.launch(HttpServer.serve(app).pipe(Layer.provide(server), Layer.provide(Layer.setTracerEnabled(false))))
  )
}
