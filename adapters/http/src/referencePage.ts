import { HttpApi, HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Effect, Layer } from "effect"

/**
 * `GET <path>`: @effect/platform's Scalar reference page (`HttpApiScalar.layer`, unchanged),
 * made on its first request instead of while the server starts: the page embeds the OpenAPI
 * document of the API (~0.1-0.3 s to make) and 3.4 MB of Scalar's script.
 */
export const referencePage = (path: `/${string}`) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function* () {
      const api = yield* HttpApi.Api
      // The page's own router, with only `HttpApiScalar.layer`'s route, answers the request.
      const page = yield* Effect.cached(
        Effect.scoped(
          Effect.gen(function* () {
            const built = yield* Layer.build(HttpApiScalar.layer({ path }).pipe(Layer.provideMerge(HttpApiBuilder.Router.Live)))
            return yield* Effect.provide(HttpApiBuilder.Router.router, built)
          })
        ).pipe(Effect.provideService(HttpApi.Api, api))
      )
      yield* router.get(path, Effect.flatten(page))
    })
  )
