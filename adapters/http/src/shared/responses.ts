import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

/** Sets `Location` on the response being built (201 Created answers). */
export const withLocation = <A extends { readonly urls: { readonly location: string } }, E, R>(
  self: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.tap(self, (created) =>
    HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, "location", created.urls.location))
    )
  )

/**
 * The official answer to a delete: 205 when something was deleted, 204 when there was
 * nothing to delete. Both have no body.
 */
export const deletedOrAbsent = (deleted: boolean) => HttpServerResponse.empty({ status: deleted ? 205 : 204 })
