import { Context, Layer } from "effect"

export interface RateLimitOptions {
  /** Failed authentications one address may make per window; past them it gets 429 until the window ends. 0: no limit. */
  readonly authFailuresPerAddress: number
  /** Requests one API token may make per window; past them, 429 until the window ends. 0: no limit. */
  readonly requestsPerToken: number
  /** The length of a window, in milliseconds. */
  readonly windowMillis: number
  /**
   * Take the client's address from the last `X-Forwarded-For` entry instead of the socket:
   * set it only behind a reverse proxy that appends that header, or clients choose their own.
   */
  readonly trustProxy: boolean
}

/**
 * The budgets the `/v1` API enforces, per process: each server keeps its own counts, so
 * behind a load balancer over N servers a client gets up to N times these. Provide
 * `RateLimits.layer({...})` to the API's layer to change them; unset, the defaults apply.
 */
export class RateLimits extends Context.Reference<RateLimits>()("@quire/http/RateLimits", {
  defaultValue: (): RateLimitOptions => ({
    authFailuresPerAddress: 20,
    requestsPerToken: 600,
    windowMillis: 60_000,
    trustProxy: false
  })
}) {
  static layer(options: Partial<RateLimitOptions>): Layer.Layer<RateLimits> {
    return Layer.succeed(RateLimits, { ...RateLimits.defaultValue(), ...options })
  }
}
