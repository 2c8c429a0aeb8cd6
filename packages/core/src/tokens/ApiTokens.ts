import { Effect, Option } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { Unauthorized } from "../shared/errors.js"
import type { UserId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Storage } from "../storage/Storage.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { TokenRepository } from "../storage/tokens/TokenRepository.js"

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex")

const TOKEN_PREFIX = "quire_"

/** A new token's secret: shown once, kept only as its hash. */
export const issueTokenSecret = (): string => TOKEN_PREFIX + randomBytes(30).toString("base64url")

/**
 * How long a token's user is remembered after a lookup. Every request authenticates, so
 * this takes a query (and the token's hash) off nearly all of them. A revocation through
 * this service forgets the token here at once; another process (a second server, or the
 * server while `quire tokens revoke` runs beside it) keeps accepting it until its entry
 * expires, at most this long. The memory is keyed by the token as presented: it never
 * leaves the process, and a request holds the same string anyway.
 */
export const TOKEN_CACHE_MILLIS = 5_000
const TOKEN_CACHE_CAPACITY = 10_000

/** Issues API tokens (shown once, stored hashed), resolves a presented token to its user, revokes tokens. */
export class ApiTokens extends Effect.Service<ApiTokens>()("@quire/core/ApiTokens", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const tokens = yield* TokenRepository
    const recent = new Map<string, { readonly user: UserRecord; readonly until: number }>()

    const issue = (userId: UserId, label = "api") =>
      Effect.gen(function* () {
        const secret = issueTokenSecret()
        yield* storage.transaction(tokens.insert({ hash: hashToken(secret), userId, label, createdAt: yield* now }))
        return secret
      })

    const unauthorized = () => new Unauthorized({ message: "The API token is missing, unknown or revoked" })

    /**
     * Counts revocations, so that a lookup which read a token before a revocation committed
     * does not put it back in the memory after the revocation cleared it.
     */
    let revocations = 0

    /** Called when the lookup runs (inside `authenticate`'s flatMap), so `revocationsBefore` is read then. */
    const lookup = (token: string, at: number) => {
      const revocationsBefore = revocations
      return Effect.flatMap(tokens.findUserByHash(hashToken(token)), (user) => {
        if (Option.isNone(user)) return Effect.fail(unauthorized())
        if (revocationsBefore === revocations) {
          if (recent.size >= TOKEN_CACHE_CAPACITY) recent.clear()
          recent.set(token, { user: user.value, until: at + TOKEN_CACHE_MILLIS })
        }
        return Effect.succeed(user.value)
      })
    }

    // Every request authenticates: the clock is read directly (the one this service was built with).
    const clock = yield* Effect.clock
    const authenticate = (token: string) =>
      token === ""
        ? Effect.fail(unauthorized())
        : Effect.suspend(() => {
            const at = clock.unsafeCurrentTimeMillis()
            const hit = recent.get(token)
            return hit !== undefined && hit.until > at ? Effect.succeed(hit.user) : lookup(token, at)
          })

    /** Removes the token; whether it existed. */
    const revoke = (token: string) =>
      Effect.map(storage.transaction(tokens.delete(hashToken(token))), (existed) => {
        revocations++
        recent.delete(token)
        return existed
      })

    /** Removes every token of the user (e.g. when someone leaves); how many there were. */
    const revokeAllOf = (userId: UserId) =>
      Effect.map(storage.transaction(tokens.deleteAllOfUser(userId)), (count) => {
        revocations++
        for (const [token, entry] of recent) if (entry.user.id === userId) recent.delete(token)
        return count
      })

    return { issue, authenticate, revoke, revokeAllOf } as const
  })
}) {}
