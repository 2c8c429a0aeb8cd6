/**
 * A custom server: Quire's `/v1` HTTP adapter over Postgres, in a dozen lines. `pnpm start` runs it
 * with `--no-allocation-site-pretenuring`, as `quire serve` does (docs/performance.md).
 */
import { HttpMiddleware } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { QuireCore } from "@quire/core"
import { QuireHttpApi, serveQuireApi, withJsonClientErrors } from "@quire/http"
import { PostgresStorage } from "@quire/storage-postgres"
import { Layer } from "effect"
import { createServer } from "node:http"

const port = Number(process.env.PORT ?? 3000)
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/quire"

const Server = serveQuireApi(HttpMiddleware.logger).pipe(
  Layer.provide(QuireHttpApi),
  Layer.provide(QuireCore.layer({ publicUrl: `http://localhost:${port}` })),
  Layer.provide(PostgresStorage.layer({ url })),
  // Errors Node answers itself (a malformed request, headers too large) in the API's error body too.
  Layer.provide(NodeHttpServer.layer(() => withJsonClientErrors(createServer()), { port }))
)

NodeRuntime.runMain(Layer.launch(Server))
