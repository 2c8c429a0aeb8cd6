import { describe, expect, it } from "@effect/vitest"
import { ApiTokens, TokenRepository, Urls, Users } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Deferred, Effect, Fiber, Layer } from "effect"

/** Token lookups that, once `hold` is set, wait after reading until `release` is done. */
const gatedLookups = Effect.gen(function* () {
  const read = yield* Deferred.make<void>()
  const release = yield* Deferred.make<void>()
  const state = { hold: false }
  const layer = Layer.effect(
    TokenRepository,
    Effect.map(TokenRepository, (tokens) => ({
      ...tokens,
      findUserByHash: (hash: string) =>
        Effect.tap(tokens.findUserByHash(hash), () =>
          state.hold ? Effect.zipRight(Deferred.succeed(read, undefined), Deferred.await(release)) : Effect.void
        )
    }))
  )
  return { read, release, state, layer }
})

describe("ApiTokens revocation", () => {
  it.scoped("a lookup that read the token before its revocation does not put it back in the memory", () =>
    Effect.gen(function* () {
      const gate = yield* gatedLookups
      const services = Layer.merge(Users.Default, ApiTokens.Default).pipe(
        Layer.provide(Layer.merge(gate.layer, Urls.layer("http://quire.test"))),
        Layer.provideMerge(MemoryStorage.layer)
      )
      yield* Effect.gen(function* () {
        const tokens = yield* ApiTokens
        const user = yield* (yield* Users).create({ email: "ada@example.com", displayName: "Ada" })
        const token = yield* tokens.issue(user.id)
        gate.state.hold = true
        const inFlight = yield* Effect.fork(tokens.authenticate(token))
        yield* Deferred.await(gate.read)
        expect(yield* tokens.revoke(token)).toBe(true)
        gate.state.hold = false
        yield* Deferred.succeed(gate.release, undefined)
        // It began before the revocation, so it may succeed; what it read must not outlive it.
        expect((yield* Fiber.join(inFlight)).id).toBe(user.id)
        expect((yield* Effect.flip(tokens.authenticate(token)))._tag).toBe("Unauthorized")
      }).pipe(Effect.provide(services))
    })
  )
})
