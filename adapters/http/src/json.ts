import { Headers, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { ifNoneMatch } from "./etag.js"
import { keptJson } from "./keptJson.js"

/**
 * A 200 JSON answer of a resource as it is: resources are built from trusted rows in
 * exactly their wire shape, so encoding them through their schema again only costs time.
 * (The end-to-end suite validates every answer against the official spec.)
 */
export const json = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.map(self, (value) => HttpServerResponse.unsafeJson(value))

/** What a cacheable answer carries: its strong entity tag and its `Cache-Control`. */
export interface Validators {
  readonly etag: string
  readonly cacheControl: string
}

/**
 * A conditional read (RFC 9110 §13.1.2): when `ifNoneMatchHeader` (the request's `If-None-Match`) names
 * the tag, 304 without a body, and `body` is never run; for `*`, 304 once `body` succeeds (it
 * fails as it would without the header: a 404 stays one); else 200 with it, as `json` answers.
 * Both carry `ETag` and `Cache-Control`. Decide the tag only after the caller was allowed to read.
 */
export const conditionalJson = <A, E, R>(
  ifNoneMatchHeader: string | undefined,
  validators: Validators,
  body: Effect.Effect<A, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> => {
  switch (ifNoneMatch(ifNoneMatchHeader, validators.etag)) {
    case "matched":
      return Effect.succeed(notModified(validators))
    case "any":
      return Effect.as(body, notModified(validators))
    case "unmatched":
      // A page the core keeps rendered is serialised and encoded once, when first served.
      return Effect.map(body, (value) => encodedJson(keptJson(value) ?? utf8.encode(JSON.stringify(value)), validators))
  }
}

const utf8 = new TextEncoder()

const notModified = (validators: Validators) =>
  HttpServerResponse.empty({ status: 304, headers: { etag: validators.etag, "cache-control": validators.cacheControl } })

/**
 * A 200 answer of JSON already encoded, with its validators: a `Raw` body, its type and length
 * in headers made in one piece. `HttpServerResponse.uint8Array` with headers copies them into a
 * new object to add the body's type and length, and V8 makes new hidden classes for each such
 * copy, in the old generation: two for every answer, ~15% of a page read's throughput and much
 * of what its full collections had to clear (`test/bench/micro/gcExperiment.ts`, `mapLog.ts`).
 */
const encodedJson = (bytes: Uint8Array, validators: Validators) =>
  HttpServerResponse.raw(bytes, {
    headers: Headers.unsafeFromRecord({
      etag: validators.etag,
      "cache-control": validators.cacheControl,
      "content-type": "application/json",
      "content-length": String(bytes.byteLength)
    })
  })
