import type { HttpApiEndpoint, HttpApiGroup, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Actor } from "@quire/core"
import { Context, Effect, Layer, Option } from "effect"
import { QuireApi } from "../Api.js"
import { Authentication, BearerTokens } from "../Authentication.js"
import { ContentGroup } from "../content/ContentGroup.js"
import { ContentReadHandlers } from "../content/ContentHandlers.js"
import { SpacesGroup } from "../spaces/SpacesGroup.js"
import { SpaceReadHandlers } from "../spaces/SpacesHandlers.js"
import type { RequestOf } from "../shared/RequestOf.js"
import { SearchGroup } from "../search/SearchGroup.js"
import { SearchReadHandlers } from "../search/SearchHandlers.js"
import { compileHotRoute, type HotRouteOptions } from "./hotRoute.js"

/**
 * The reads a busy server answers most, answered without the API's router, its decoding
 * machinery and its middleware chain (about a third of such a read's server CPU: see the
 * docs/design.md, "Hot reads"), by the very handler functions the API uses for them.
 *
 * It answers only plain successes: a hot route's URL in its plainest form (`compileHotRoute`),
 * a `Bearer` token `BearerTokens` would admit, and a handler that succeeds. Anything else, it
 * leaves to the API having counted and written nothing (a read writes nothing), so every error
 * answer, and every request it does not recognise, is the API's own. A success is counted
 * against the token's budget like any other request.
 *
 * A hot route must be a GET endpoint of a group behind `Authentication` alone, whose handler
 * answers with an `HttpServerResponse` (its own encoding, as the content reads do).
 */
export class HotReads extends Context.Tag("@quire/http/HotReads")<
  HotReads,
  {
    /**
     * The answer to `request` when it is a hot read that succeeds for its caller; none (the API
     * must answer) otherwise. Undefined, at no cost, for a request no hot route could take.
     */
    readonly answer: (
      request: HttpServerRequest.HttpServerRequest
    ) => Effect.Effect<Option.Option<HttpServerResponse.HttpServerResponse>> | undefined
  }
>() {}

type Handler = (request: {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly path: never
  readonly urlParams: never
}) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, Actor>

/** A hot route: the endpoint `name` of `group` (in `QuireApi`), and the handler the group uses for it. */
const hotRoute = <Group extends HttpApiGroup.HttpApiGroup.Any & { readonly identifier: string }, Name extends string>(
  group: Group,
  name: Name,
  handler: (request: RequestOf<Group, Name>) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, Actor>,
  options: HotRouteOptions = {}
) => {
  const served = QuireApi.groups[group.identifier]
  const endpoint = served?.endpoints[name]
  if (served === undefined || endpoint === undefined) throw new Error(`no endpoint ${name} in the group ${group.identifier}`)
  // The one middleware a hot read applies itself: anything more would be skipped.
  if ([...served.middlewares].some((tag) => (tag as unknown) !== Authentication) || endpoint.middlewares.size > 0 || QuireApi.middlewares.size > 0) {
    throw new Error(`${name}: a hot route's only middleware must be Authentication`)
  }
  return { match: compileHotRoute(endpoint as unknown as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps, options), handler: handler as unknown as Handler }
}

const BEARER = "Bearer "

export const HotReadsLive = Layer.effect(
  HotReads,
  Effect.gen(function* () {
    const tokens = yield* BearerTokens
    const content = yield* ContentReadHandlers
    const spaces = yield* SpaceReadHandlers
    const search = yield* SearchReadHandlers
    // Search reads typed text: its query value is escaped whenever it holds a space or a non-ASCII letter.
    const typed = { escapedValues: true }
    const routes = [
      hotRoute(ContentGroup, "getPageById", content.pageById),
      hotRoute(SpacesGroup, "getSpaceById", spaces.getSpaceById),
      hotRoute(SearchGroup, "searchSpaceContent", search.space, typed),
      hotRoute(SearchGroup, "searchOrganizationContent", search.organization, typed)
    ]
    const none = Option.none<HttpServerResponse.HttpServerResponse>()

    const answer = (request: HttpServerRequest.HttpServerRequest) => {
      if (request.method !== "GET") return undefined
      const authorization = request.headers.authorization
      if (authorization === undefined || !authorization.startsWith(BEARER)) return undefined
      for (const route of routes) {
        const parts = route.match(request.url)
        if (parts === undefined) continue
        const token = authorization.slice(BEARER.length)
        return Effect.flatMap(tokens.wouldAdmit(token, request), (user) =>
          Option.isNone(user)
            ? Effect.succeed(none)
            : Effect.matchCause(
                Effect.provideService(route.handler({ request, ...parts } as Parameters<Handler>[0]), Actor, user.value),
                {
                  onFailure: () => none,
                  // Over budget since `wouldAdmit` (reads ran in between): the API answers 429.
                  onSuccess: (response) => (tokens.count(token) ? Option.some(response) : none)
                }
              )
        )
      }
      return undefined
    }
    return { answer }
  })
)
