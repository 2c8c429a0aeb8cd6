/** The smallest Effect HTTP server: one HttpRouter route answering fixed JSON. For measuring the platform's floor. */
import { HttpMiddleware, HttpRouter, HttpServer, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"

const body = HttpServerResponse.unsafeJson({ ok: true })
const app = HttpRouter.empty.pipe(HttpRouter.get("/v1/spaces/:id", Effect.succeed(body)))
NodeRuntime.runMain(
  Layer.launch(
    HttpServer.serve(app).pipe(
      process.env.NO_TRACE_MW ? HttpMiddleware.withTracerDisabledWhen(() => true) : (layer) => layer,
      Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT) })),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
)
