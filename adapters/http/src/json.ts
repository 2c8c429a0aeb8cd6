import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

/**
 * A 200 JSON answer of a resource as it is: resources are built from trusted rows in
 * exactly their wire shape, so encoding them through their schema again only costs time.
 * (The end-to-end suite validates every answer against the official spec.)
 */
export const json = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.map(self, (value) => HttpServerResponse.unsafeJson(value))
