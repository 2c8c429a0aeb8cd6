import { describe, expect, it } from "@effect/vitest"
import { ApiTokens, Users } from "@quire/core"
import { Effect } from "effect"
import { getUser, inProcessApi, newToken } from "./inProcessApi.js"

describe("token revocation through ApiTokens, in the server's process", () => {
  it.scoped("a revoked token is 401 at once, though its user was just remembered; other tokens go on", () =>
    Effect.gen(function* () {
      const tokens = yield* ApiTokens
      const revoked = yield* newToken("ada@example.com")
      const other = yield* newToken("bob@example.com")
      // The first answer puts the token in the 5-second memory; the clock never moves here.
      expect((yield* getUser(revoked)).status).toBe(200)
      expect(yield* tokens.revoke(revoked)).toBe(true)
      expect(yield* getUser(revoked)).toMatchObject({ status: 401, body: { error: { code: 401 } } })
      expect((yield* getUser(other)).status).toBe(200)
      expect(yield* tokens.revoke(revoked)).toBe(false)
    }).pipe(Effect.provide(inProcessApi()))
  )

  it.scoped("revoking all of a user's tokens makes each of them 401 at once", () =>
    Effect.gen(function* () {
      const tokens = yield* ApiTokens
      const users = yield* Users
      const first = yield* newToken("ada@example.com")
      const ada = yield* users.findByEmail("ada@example.com").pipe(Effect.flatten)
      const second = yield* tokens.issue(ada.id, "laptop")
      const bob = yield* newToken("bob@example.com")
      for (const token of [first, second, bob]) expect((yield* getUser(token)).status).toBe(200)
      expect(yield* tokens.revokeAllOf(ada.id)).toBe(2)
      expect((yield* getUser(first)).status).toBe(401)
      expect((yield* getUser(second)).status).toBe(401)
      expect((yield* getUser(bob)).status).toBe(200)
    }).pipe(Effect.provide(inProcessApi()))
  )
})
