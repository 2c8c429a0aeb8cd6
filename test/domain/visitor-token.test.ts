/**
 * Visitor tokens (a `visitor-auth` site): a JWT signed HS256 with the site's key, for the site,
 * with an expiry. What it answers, and each refusal (401, saying why, never echoing the token).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createHmac } from "node:crypto"
import { Unauthorized } from "../../packages/core/src/shared/errors.js"
import { makeVisitorKey, signVisitorToken, verifyVisitorToken } from "../../packages/core/src/sites/adaptive/index.js"

const SITE = "site_3fk29Xa"
const NOW = new Date("2026-11-26T12:00:00Z")
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
const key = makeVisitorKey()

const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** A token as a visitor's backend signs one, by hand (node:crypto, not jose): HMAC over the key's UTF-8 bytes. */
const handSigned = (payload: Record<string, unknown>, alg: "HS256" | "HS512" = "HS256", signingKey = key) => {
  const input = `${encodeJson({ alg, typ: "JWT" })}.${encodeJson(payload)}`
  const signature = createHmac(alg === "HS256" ? "sha256" : "sha512", signingKey).update(input).digest("base64url")
  return `${input}.${signature}`
}

/** The message of the `Unauthorized` verifying `token` fails with; it never contains the token. */
const refusal = (token: string, options: { key?: string; siteId?: string; now?: Date } = {}) =>
  Effect.map(Effect.flip(verifyVisitorToken(token, { key, siteId: SITE, now: NOW, ...options })), (e) => {
    expect(e).toBeInstanceOf(Unauthorized)
    if (token.length > 0) expect(e.message).not.toContain(token)
    for (const part of token.split(".")) if (part.length > 8) expect(e.message).not.toContain(part)
    return e.message
  })

describe("makeVisitorKey", () => {
  it("32 random bytes, base64url", () => {
    const a = makeVisitorKey()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, "base64url")).toHaveLength(32)
    expect(makeVisitorKey()).not.toBe(a)
  })
})

describe("verifyVisitorToken", () => {
  it.effect("a valid token answers its claims but the registered ones, and no unsigned claims", () =>
    Effect.gen(function* () {
      const token = yield* signVisitorToken({ isBeta: true, plan: "pro", sub: "user-1", iss: "acme", jti: "1" }, { key, siteId: SITE, expiresInSeconds: 3600, now: NOW })
      const claims = yield* verifyVisitorToken(token, { key, siteId: SITE, now: new Date(NOW.getTime() + 60_000) })
      expect(claims).toEqual({ signed: { isBeta: true, plan: "pro" }, unsigned: {} })
    })
  )

  it.effect("a token signed by hand, with several audiences and nbf", () =>
    Effect.gen(function* () {
      const token = handSigned({ isEmployee: true, aud: ["another-site", SITE], nbf: seconds(NOW) - 10, exp: seconds(NOW) + 60 })
      expect(yield* verifyVisitorToken(token, { key, siteId: SITE, now: NOW })).toEqual({ signed: { isEmployee: true }, unsigned: {} })
    })
  )

  it.effect("a claim named __proto__ stays a claim", () =>
    Effect.gen(function* () {
      const token = yield* signVisitorToken(JSON.parse('{"__proto__": true, "a": true}'), { key, siteId: SITE, expiresInSeconds: 60, now: NOW })
      const claims = yield* verifyVisitorToken(token, { key, siteId: SITE, now: NOW })
      expect(Object.getPrototypeOf(claims.signed)).toBe(Object.prototype)
      expect(Object.keys(claims.signed).sort()).toEqual(["__proto__", "a"])
    })
  )

  it.effect("the time defaults to Effect's clock", () =>
    Effect.gen(function* () {
      // TestClock starts at 0; a token signed then is valid then, and expired a day later
      const token = yield* signVisitorToken({ a: true }, { key, siteId: SITE, expiresInSeconds: 60 })
      expect((yield* verifyVisitorToken(token, { key, siteId: SITE })).signed).toEqual({ a: true })
      expect(yield* refusal(token, { now: new Date(86_400_000) })).toMatch(/expired/)
    })
  )

  it.effect("expired (past the 5 s tolerance)", () =>
    Effect.gen(function* () {
      const token = yield* signVisitorToken({ a: true }, { key, siteId: SITE, expiresInSeconds: 60, now: NOW })
      expect((yield* verifyVisitorToken(token, { key, siteId: SITE, now: new Date(NOW.getTime() + 63_000) })).signed).toEqual({ a: true })
      expect(yield* refusal(token, { now: new Date(NOW.getTime() + 66_000) })).toMatch(/has expired/)
    })
  )

  it.effect("not valid yet (nbf in the future)", () =>
    Effect.gen(function* () {
      const token = handSigned({ a: true, aud: SITE, nbf: seconds(NOW) + 600, exp: seconds(NOW) + 3600 })
      expect(yield* refusal(token)).toMatch(/not valid yet/)
    })
  )

  it.effect("wrong audience: another site's token, or none", () =>
    Effect.gen(function* () {
      const other = yield* signVisitorToken({ a: true }, { key, siteId: "site_other", expiresInSeconds: 60, now: NOW })
      expect(yield* refusal(other)).toMatch(/another site \(wrong audience\)/)
      const noAudience = handSigned({ a: true, exp: seconds(NOW) + 60 })
      expect(yield* refusal(noAudience)).toMatch(/no "aud" claim/)
    })
  )

  it.effect("wrong key: signed with another site's key", () =>
    Effect.gen(function* () {
      const token = yield* signVisitorToken({ a: true }, { key: makeVisitorKey(), siteId: SITE, expiresInSeconds: 60, now: NOW })
      expect(yield* refusal(token)).toMatch(/signature does not match/)
      expect(yield* refusal(handSigned({ a: true, aud: SITE, exp: seconds(NOW) + 60 }, "HS256", makeVisitorKey()))).toMatch(/signature does not match/)
    })
  )

  it.effect("a hand-signed HS256 token is accepted: the key's UTF-8 bytes are the HMAC key", () =>
    Effect.gen(function* () {
      const claims = yield* verifyVisitorToken(handSigned({ a: true, aud: SITE, exp: seconds(NOW) + 60 }), { key, siteId: SITE, now: NOW })
      expect(claims.signed).toEqual({ a: true })
    })
  )

  it.effect("alg none: an unsigned token crafted by hand", () =>
    Effect.gen(function* () {
      const payload = encodeJson({ a: true, aud: SITE, exp: seconds(NOW) + 60 })
      expect(yield* refusal(`${encodeJson({ alg: "none" })}.${payload}.`)).toMatch(/must be signed with HS256/)
      expect(yield* refusal(`${encodeJson({ alg: "none", typ: "JWT" })}.${payload}.`)).toMatch(/HS256/)
    })
  )

  it.effect("HS512 with the right key is refused: the algorithm is pinned", () =>
    Effect.gen(function* () {
      const token = handSigned({ a: true, aud: SITE, exp: seconds(NOW) + 60 }, "HS512")
      expect(yield* refusal(token)).toMatch(/must be signed with HS256/)
    })
  )

  it.effect("a token without exp is refused", () =>
    Effect.gen(function* () {
      const token = handSigned({ a: true, aud: SITE, iat: seconds(NOW) })
      expect(yield* refusal(token)).toMatch(/no "exp" claim/)
    })
  )

  it.effect("malformed strings", () =>
    Effect.gen(function* () {
      const valid = yield* signVisitorToken({ a: true }, { key, siteId: SITE, expiresInSeconds: 60, now: NOW })
      const [header, payload] = valid.split(".")
      for (const token of ["", "not-a-token", "a.b.c", "a.b", `${header}.${payload}`, `${header}.!!!.sig`, `${header}.${encodeJson([1])}.x`, "x".repeat(9000)])
        expect(yield* refusal(token)).toMatch(/^Invalid visitor token: (it is malformed|it must be signed with HS256|its signature does not match the site's key)$/)
      expect(yield* refusal("a.b.c")).toMatch(/malformed/)
      expect(yield* refusal("x".repeat(9000))).toMatch(/malformed/)
      // a tampered payload keeps a well-formed token with a signature that no longer matches
      const tampered = `${header}.${encodeJson({ a: true, isAdmin: true, aud: SITE, exp: seconds(NOW) + 60 })}.${valid.split(".")[2]}`
      expect(yield* refusal(tampered)).toMatch(/signature does not match/)
    })
  )
})
