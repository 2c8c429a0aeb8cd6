import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { getUser, inProcessApi, newToken, postAnonymous } from "./inProcessApi.js"

const tooMany = (retryAfter: string) => ({
  status: 429,
  retryAfter,
  body: { error: { code: 429, message: expect.stringMatching(/^Too many/) } }
})

const statuses = (answers: ReadonlyArray<{ readonly status: number }>) => answers.map((answer) => answer.status)

const badToken = (n: number) => `quire_neverIssued${n}`

describe("rate limits", () => {
  it.scoped("the 21st failed authentication from one address is 429 with Retry-After, until the window passes", () =>
    Effect.gen(function* () {
      const good = yield* newToken("ada@example.com")
      const attacker = "203.0.113.7"
      const neighbour = "203.0.113.8"
      const failures = yield* Effect.forEach(Array.from({ length: 20 }, (_, n) => n), (n) => getUser(badToken(n), attacker))
      expect(statuses(failures)).toEqual(Array(20).fill(401))
      expect(yield* getUser(badToken(20), attacker)).toEqual(tooMany("60"))
      // Refused before the lookup, so a valid token from there is refused too: 429 or 200 would tell a guess apart.
      expect((yield* getUser(good, attacker)).status).toBe(429)
      // Another address keeps its own budget.
      expect((yield* getUser(good, neighbour)).status).toBe(200)
      expect((yield* getUser(badToken(21), neighbour)).status).toBe(401)
      yield* TestClock.adjust("45 seconds")
      expect(yield* getUser(badToken(22), attacker)).toEqual(tooMany("15"))
      yield* TestClock.adjust("15 seconds")
      expect((yield* getUser(good, attacker)).status).toBe(200)
      expect((yield* getUser(badToken(23), attacker)).status).toBe(401)
    }).pipe(Effect.provide(inProcessApi({ trustProxy: true })))
  )

  it.scoped("failed sign-ins (a code, a SAML response) use the address's budget of failed authentications, tokens' too", () =>
    Effect.gen(function* () {
      const good = yield* newToken("ada@example.com")
      const attacker = "203.0.113.7"
      const guess = (n: number, from = attacker) => postAnonymous("/sso/token", { json: { code: `guess${n}` } }, from)
      // An unknown provider is 404, not a failed authentication: it uses no budget.
      const unknown = yield* postAnonymous("/saml/neverIssued/acs", { form: { SAMLResponse: "PHNhbWw+" } }, attacker)
      expect(unknown.status).toBe(404)
      expect(statuses(yield* Effect.forEach([1, 2], (n) => guess(n)))).toEqual([401, 401])
      expect((yield* getUser(badToken(1), attacker)).status).toBe(401)
      // Three failures, of any kind: the next guess is refused before it is looked up, and so is a valid token.
      expect(yield* guess(3)).toEqual(tooMany("60"))
      expect((yield* postAnonymous("/saml/neverIssued/acs", { form: { SAMLResponse: "PHNhbWw+" } }, attacker)).status).toBe(429)
      expect((yield* getUser(good, attacker)).status).toBe(429)
      expect((yield* guess(4, "203.0.113.8")).status).toBe(401)
      yield* TestClock.adjust("60 seconds")
      expect((yield* guess(5)).status).toBe(401)
    }).pipe(Effect.provide(inProcessApi({ authFailuresPerAddress: 3, trustProxy: true })))
  )

  it.scoped("without trustProxy, X-Forwarded-For is not believed: a client cannot name itself a fresh address", () =>
    Effect.gen(function* () {
      const failures = yield* Effect.forEach([1, 2, 3], (n) => getUser(badToken(n), `192.0.2.${n}`))
      expect(statuses(failures)).toEqual([401, 401, 401])
      expect((yield* getUser(badToken(4), "192.0.2.4")).status).toBe(429)
    }).pipe(Effect.provide(inProcessApi({ authFailuresPerAddress: 3 })))
  )

  it.scoped("a missing token is 401 and uses no budget", () =>
    Effect.gen(function* () {
      const good = yield* newToken("ada@example.com")
      const missing = yield* Effect.forEach(Array.from({ length: 5 }), () => getUser(undefined))
      expect(statuses(missing)).toEqual(Array(5).fill(401))
      expect((yield* getUser(good)).status).toBe(200)
    }).pipe(Effect.provide(inProcessApi({ authFailuresPerAddress: 2 })))
  )

  it.scoped("a token past its budget is 429 with Retry-After, other tokens go on, and the window passing lets it in again", () =>
    Effect.gen(function* () {
      const busy = yield* newToken("busy@example.com")
      const quiet = yield* newToken("quiet@example.com")
      const allowed = yield* Effect.forEach(Array.from({ length: 5 }), () => getUser(busy))
      expect(statuses(allowed)).toEqual(Array(5).fill(200))
      yield* TestClock.adjust("20 seconds")
      expect(yield* getUser(busy)).toEqual(tooMany("40"))
      expect((yield* getUser(quiet)).status).toBe(200)
      yield* TestClock.adjust("40 seconds")
      expect((yield* getUser(busy)).status).toBe(200)
    }).pipe(Effect.provide(inProcessApi({ requestsPerToken: 5 })))
  )

  it.scoped("budgets of 0 turn the limits off", () =>
    Effect.gen(function* () {
      const token = yield* newToken("ada@example.com")
      const answers = yield* Effect.forEach(Array.from({ length: 30 }, (_, n) => n), (n) =>
        Effect.zipRight(getUser(badToken(n)), getUser(token))
      )
      expect(statuses(answers)).toEqual(Array(30).fill(200))
    }).pipe(Effect.provide(inProcessApi({ authFailuresPerAddress: 0, requestsPerToken: 0 })))
  )
})
