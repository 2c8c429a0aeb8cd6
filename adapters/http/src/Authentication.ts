import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import { Actor, ApiTokens } from "@quire/core"
import { Effect, Layer, Redacted } from "effect"
import { UnauthorizedError } from "./errors.js"

/** Bearer-token authentication: every `/v1` operation runs as the token's user. */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: UnauthorizedError,
  provides: Actor,
  security: { bearer: HttpApiSecurity.bearer }
}) {}

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(ApiTokens, (tokens) => ({
    bearer: (token: Redacted.Redacted<string>) => tokens.authenticate(Redacted.value(token))
  }))
)
