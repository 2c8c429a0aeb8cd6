import { Command } from "@effect/cli"
import { ExportLinks, RateLimits } from "@quire/http"
import { Effect, Layer } from "effect"
import { logMigrations } from "../migrationLog.js"
import { RateLimitConfig } from "../RateLimitConfig.js"
import { serverLayer } from "../serve.js"
import { ServerConfig } from "../ServerConfig.js"
import { SigningConfig } from "../SigningConfig.js"
import { announcingShutdown } from "../shutdownNotice.js"

/** `quire serve`: migrates (one line per migration applied), then serves /v1 until SIGTERM or SIGINT. */
export const serve = Command.make("serve", {}, () =>
  announcingShutdown(
    Effect.gen(function* () {
      const config = yield* ServerConfig
      const limits = yield* RateLimitConfig
      const signing = yield* SigningConfig
      yield* Layer.launch(
        serverLayer(config, { onMigrated: logMigrations }).pipe(
          Layer.provide(RateLimits.layer(limits)),
          Layer.provide(ExportLinks.layer(signing))
        )
      )
    })
  )
).pipe(Command.withDescription("Start the /v1 HTTP server (migrates the database first)."))
