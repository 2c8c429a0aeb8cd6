import { SecretSeal } from "@quire/core"
import { ExportLinks, RateLimits } from "@quire/http"
import { Effect, Layer } from "effect"
import { logMigrations } from "./migrationLog.js"
import { openStorage } from "./openStorage.js"
import { RateLimitConfig } from "./RateLimitConfig.js"
import { serverLayer } from "./serve.js"
import { ServerConfig } from "./ServerConfig.js"
import { SigningConfig } from "./SigningConfig.js"

/** `quire serve`'s work: migrate, then serve /v1 until interrupted. */
export const runServe = Effect.gen(function* () {
  const config = yield* ServerConfig
  const limits = yield* RateLimitConfig
  const signing = yield* SigningConfig
  yield* Layer.launch(
    serverLayer(config, { onMigrated: logMigrations }).pipe(
      Layer.provide(RateLimits.layer(limits)),
      Layer.provide(ExportLinks.layer(signing)),
      // The same secret seals what jobs carry (a Git URL's credentials), so every server opens it.
      Layer.provide(SecretSeal.layer(signing.signingKey))
    )
  )
})

/** `quire migrate`'s work: bring the schema up to date, saying what was applied. */
export const runMigrate = Effect.flatMap(ServerConfig, (config) => Effect.scoped(Layer.build(openStorage(config.storage, logMigrations))))
