import { Effect, Option } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { Unauthorized } from "../shared/errors.js"
import type { UserId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Storage } from "../storage/Storage.js"
import { TokenRepository } from "./TokenRepository.js"

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")

const TOKEN_PREFIX = "quire_"

/** Issues API tokens (shown once, stored hashed) and resolves a presented token to its user. */
export class ApiTokens extends Effect.Service<ApiTokens>()("@quire/core/ApiTokens", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const tokens = yield* TokenRepository

    const issue = (userId: UserId, label = "api") =>
      Effect.gen(function* () {
        const secret = TOKEN_PREFIX + randomBytes(30).toString("base64url")
        yield* storage.transaction(tokens.insert({ hash: hashToken(secret), userId, label, createdAt: yield* now }))
        return secret
      })

    const authenticate = (token: string) =>
      Effect.flatMap(tokens.findUserByHash(hashToken(token)), (user) =>
        Option.isSome(user)
          ? Effect.succeed(user.value)
          : Effect.fail(new Unauthorized({ message: "The API token is missing, unknown or revoked" }))
      )

    return { issue, authenticate } as const
  })
}) {}
