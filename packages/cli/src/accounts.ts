import { ApiTokens, NotFound, QuireCore, Users } from "@quire/core"
import { Console, Effect, Layer, Option } from "effect"
import { storageLayer } from "./DatabaseUrl.js"
import { ServerConfig } from "./ServerConfig.js"

const withCore = <A, E>(effect: Effect.Effect<A, E, Users | ApiTokens>) =>
  Effect.flatMap(ServerConfig, (config) =>
    Effect.provide(
      effect,
      QuireCore.layer({ publicUrl: config.publicUrl }).pipe(Layer.provide(storageLayer(config.storage)))
    )
  )

/** `quire users create --email E --name N`: prints `{"user": <User>, "token": "<token>"}`. */
export const createUser = (email: string, name: string) =>
  withCore(
    Effect.gen(function* () {
      const users = yield* Users
      const tokens = yield* ApiTokens
      const user = yield* users.create({ email, displayName: name })
      const token = yield* tokens.issue(user.id, "cli")
      yield* Console.log(JSON.stringify({ user: users.render(user), token }))
    })
  )

/** `quire tokens create --email E`: prints `{"token": "<token>"}`. */
export const createToken = (email: string) =>
  withCore(
    Effect.gen(function* () {
      const users = yield* Users
      const tokens = yield* ApiTokens
      const user = yield* Effect.flatMap(users.findByEmail(email), (found) =>
        Option.match(found, {
          onNone: () => Effect.fail(new NotFound({ message: `No user with e-mail "${email}"` })),
          onSome: Effect.succeed
        })
      )
      const token = yield* tokens.issue(user.id, "cli")
      yield* Console.log(JSON.stringify({ token }))
    })
  )
