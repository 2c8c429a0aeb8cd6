import { ApiTokens, NotFound, QuireCore, Users } from "@quire/core"
import { Console, Effect, Layer, Option } from "effect"
import { openStorage } from "./openStorage.js"
import { ServerConfig } from "./ServerConfig.js"

const withCore = <A, E>(effect: Effect.Effect<A, E, Users | ApiTokens>) =>
  Effect.flatMap(ServerConfig, (config) =>
    Effect.provide(
      effect,
      QuireCore.layer({ publicUrl: config.publicUrl }).pipe(Layer.provide(openStorage(config.storage)))
    )
  )

/**
 * The URLs a command prints are the server's only if it reads the server's PUBLIC_URL (or
 * PORT); without PUBLIC_URL, stderr says which server they assumed.
 */
const noteAssumedPublicUrl = Effect.flatMap(ServerConfig, (config) =>
  config.publicUrlAssumed
    ? Console.error(
        `note: PUBLIC_URL is unset, so the URLs above assume the server at ${config.publicUrl} (as \`quire serve\` would); ` +
          "set PUBLIC_URL (or PORT) as the server has it"
      )
    : Effect.void
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
  ).pipe(Effect.zipRight(noteAssumedPublicUrl))

const userWithEmail = (email: string) =>
  Effect.flatMap(Users, (users) =>
    Effect.flatMap(users.findByEmail(email), (found) =>
      Option.match(found, {
        onNone: () => Effect.fail(new NotFound({ message: `No user with e-mail "${email}"` })),
        onSome: Effect.succeed
      })
    )
  )

/** `quire tokens create --email E`: prints `{"token": "<token>"}`. */
export const createToken = (email: string) =>
  withCore(
    Effect.gen(function* () {
      const user = yield* userWithEmail(email)
      const token = yield* (yield* ApiTokens).issue(user.id, "cli")
      yield* Console.log(JSON.stringify({ token }))
    })
  )

/**
 * `quire tokens revoke --token T` (one token) or `--email E` (every token of that user):
 * prints `{"revoked": <how many>}`. A running server stops accepting them within the
 * 5 seconds it remembers a token (`TOKEN_CACHE_MILLIS`).
 */
export const revokeTokens = (which: { readonly token: string } | { readonly email: string }) =>
  withCore(
    Effect.gen(function* () {
      const tokens = yield* ApiTokens
      const revoked =
        "token" in which
          ? Number(yield* tokens.revoke(which.token))
          : yield* tokens.revokeAllOf((yield* userWithEmail(which.email)).id)
      yield* Console.log(JSON.stringify({ revoked }))
    })
  )
