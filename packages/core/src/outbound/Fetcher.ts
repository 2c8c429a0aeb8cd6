import { Context, type Effect } from "effect"
import type { FetchFailed, FetchRefused } from "./fetchErrors.js"

/** What one outbound request may cost, and what it sends; every caller states its own bounds. */
export interface FetchOptions {
  /** The body's cap in bytes: a longer body (or a `Content-Length` above it) fails `tooLarge`. */
  readonly maxBytes: number
  /** The whole fetch, redirects included, in milliseconds. */
  readonly timeoutMs: number
  /** Redirects followed before failing `tooManyRedirects` (0: none). */
  readonly maxRedirects: number
  /** The `Accept` header, when the caller wants one. */
  readonly accept?: string
  /** `GET` by default; Git's smart HTTP also POSTs. */
  readonly method?: "GET" | "POST"
  /** More request headers (Git's `Content-Type`, or the `Authorization` it answers a 401 with). */
  readonly headers?: Readonly<Record<string, string>>
  /** The request body, for a POST. */
  readonly body?: Uint8Array
}

/** The last answer, after redirects. Any status: the caller decides what a 404 means to it. */
export interface Fetched {
  /** The final URL, without credentials. */
  readonly url: string
  readonly status: number
  /** The `Content-Type` header as sent, when there is one. */
  readonly contentType: string | undefined
  /** Every response header, names in lower case (a repeated header's values joined with `, `). */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

/**
 * The port every outbound request goes through. Its implementation (`GuardedFetcher`) refuses
 * loopback, private, link-local and metadata addresses after DNS resolution and on every
 * redirect, unless `QUIRE_FETCH_ALLOW` names them.
 */
export class Fetcher extends Context.Tag("@quire/core/Fetcher")<
  Fetcher,
  {
    readonly fetch: (url: string, options: FetchOptions) => Effect.Effect<Fetched, FetchRefused | FetchFailed>
  }
>() {}
