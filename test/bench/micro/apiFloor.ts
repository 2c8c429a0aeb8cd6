/**
 * The floor of an `HttpApi` endpoint shaped like `getPageById` (path and query decoded by their
 * schemas, a bearer-token security middleware that accepts any token) answering a fixed body of
 * `FLOOR_BYTES` (3000) JSON bytes, on `PORT`, served by Quire's `NodeServer`
 * (`FLOOR_SERVER=platform`: by `NodeHttpServer`). What Quire's page read cannot go below.
 * `FLOOR_WAIT=immediate`: the handler first waits a turn of the event loop, as a database read does;
 * `FLOOR_WAIT=timeout`: 3 ms on a timer; `FLOOR_WAIT=pg`: one named statement on a `pg` pool of 10
 * (`FLOOR_PG_URL`, else the local server), called back as `PgReader` is.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSecurity, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { NodeServer } from "@quire/http/node"
import { Context, Effect, Layer, Schema } from "effect"
import { createServer } from "node:http"
import pg from "pg"

class Caller extends Context.Tag("Caller")<Caller, { readonly id: string }>() {}
class Auth extends HttpApiMiddleware.Tag<Auth>()("Auth", { provides: Caller, security: { bearer: HttpApiSecurity.bearer } }) {}

const Api = HttpApi.make("floor").add(
  HttpApiGroup.make("content")
    .add(
      HttpApiEndpoint.get("getPageById", "/v1/spaces/:spaceId/content/page/:pageId")
        .setPath(Schema.Struct({ spaceId: Schema.String, pageId: Schema.String }))
        .setUrlParams(Schema.Struct({ format: Schema.optional(Schema.Literal("markdown", "document")) }))
        .addSuccess(Schema.Unknown)
    )
    .middleware(Auth)
)
const text = JSON.stringify({ markdown: "x".repeat(Number(process.env.FLOOR_BYTES ?? 3000)) })
// FLOOR_WAIT=immediate: the handler first waits for a turn of the event loop, as a read from a database would.
// FLOOR_WAIT=timeout: it waits 3 ms on a timer, as long as a Postgres read under load.
function pgWait(pool: pg.Pool): Effect.Effect<void> {
  return Effect.async<void>((resume) => {
    pool.query({ name: "floor_1", text: "SELECT $1::text AS a, 42 AS b", values: ["x"], rowMode: "array" }, () => resume(Effect.void))
  })
}
const wait =
  process.env.FLOOR_WAIT === "immediate"
    ? Effect.async<void>((resume) => void setImmediate(() => resume(Effect.void)))
    : process.env.FLOOR_WAIT === "timeout"
      ? Effect.async<void>((resume) => void setTimeout(() => resume(Effect.void), 3))
      : process.env.FLOOR_WAIT === "pg"
        ? pgWait(new pg.Pool({ connectionString: process.env.FLOOR_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", max: 10 }))
        : Effect.void
const Handlers = HttpApiBuilder.group(Api, "content", (handlers) =>
  handlers.handle("getPageById", () =>
    Effect.zipRight(wait, Effect.map(Caller, () => HttpServerResponse.text(text, { contentType: "application/json" })))
  )
)
const AuthLive = Layer.succeed(Auth, { bearer: () => Effect.succeed({ id: "u" }) })
const port = Number(process.env.PORT)
const server = process.env.FLOOR_SERVER === "platform" ? NodeHttpServer.layer(createServer, { port }) : NodeServer.layer(createServer, { port })
NodeRuntime.runMain(
  Layer.launch(
    HttpApiBuilder.serve().pipe(
      Layer.provide(HttpApiBuilder.api(Api).pipe(Layer.provide(Handlers), Layer.provide(AuthLive))),
      Layer.provide(server),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
)
