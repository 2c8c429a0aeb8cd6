import { Clock, Effect, Option } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { Unauthorized } from "../shared/errors.js"
import type { UserId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Storage } from "../storage/Storage.js"
import type { UserRecord } from "../users/UserRecord.js"
import { TokenRepository } from "./TokenRepository.js"

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")

const TOKEN_PREFIX = "quire_"

/**
 * How long a token's user is remembered after a lookup. Every request authenticates, so
 * this takes a query (and the token's hash) off nearly all of them; nothing can revoke a
 * token yet, and whatever does later must `forget` it here (and accept this delay on other
 * servers). The memory is keyed by the token as presented: it never leaves the process, and
 * a request holds the same string anyway.
 */
export const TOKEN_CACHE_MILLIS = 5_000
const TOKEN_CACHE_CAPACITY = 10_000

/** Issues API tokens (shown once, stored hashed) and resolves a presented token to its user. */
export class ApiTokens extends Effect.Service<ApiTokens>()("@quire/core/ApiTokens", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const tokens = yield* TokenRepository
    const recent = new Map<string, { readonly user: UserRecord; readonly until: number }>()

    const issue = (userId: UserId, label = "api") =>
      Effect.gen(function* () {
        const secret = TOKEN_PREFIX + randomBytes(30).toString("base64url")
        yield* storage.transaction(tokens.insert({ hash: hashToken(secret), userId, label, createdAt: yield* now }))
        return secret
      })

    const unauthorized = () => new Unauthorized({ message: "The API token is missing, unknown or revoked" })

    const lookup = (token: string, at: number) =>
      Effect.flatMap(tokens.findUserByHash(hashToken(token)), (user) => {
        if (Option.isNone(user)) return Effect.fail(unauthorized())
        if (recent.size >= TOKEN_CACHE_CAPACITY) recent.clear()
        recent.set(token, { user: user.value, until: at + TOKEN_CACHE_MILLIS })
        return Effect.succeed(user.value)
      })

    const authenticate = (token: string) =>
      token === ""
        ? Effect.fail(unauthorized())
        : Effect.flatMap(Clock.currentTimeMillis, (at) => {
            const hit = recent.get(token)
            return hit !== undefined && hit.until > at ? Effect.succeed(hit.user) : lookup(token, at)
          })

    return { issue, authenticate } as const
  })
}) {}
