import {
  type HttpApi,
  HttpApiClient,
  type HttpApiEndpoint,
  type HttpApiGroup,
  HttpClient,
  HttpClientRequest
} from "@effect/platform"
import { invalidInputFromParseError } from "@quire/core"
import { Context, Effect, Layer, ParseResult, type Redacted } from "effect"
import { QuireApi } from "./Api.js"

export interface QuireClientOptions {
  /** Where the server answers, without `/v1`: `https://docs.example.com`. */
  readonly baseUrl: string | URL
  /**
   * The API token every request carries as `Authorization: Bearer <token>`. Without one, only
   * the operations that need none answer (`getApiInformation`); the others fail with `Unauthorized`.
   */
  readonly token?: string | Redacted.Redacted<string> | undefined
  /** More changes to the HTTP client (retries, tracing...), applied after the token is added. */
  readonly transformClient?: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
}

/** `https://host/` as `https://host`: the API's paths begin with `/v1/`. */
const withoutTrailingSlash = (url: string | URL): string => url.toString().replace(/\/+$/, "")

/** The parse errors of answers that did not decode, told apart from those of requests that did not encode. */
const answerErrors = new WeakSet<object>()

const markAnswerErrors = (answer: Effect.Effect<unknown, unknown>) =>
  Effect.tapError(answer, (error) => Effect.sync(() => ParseResult.isParseError(error) && answerErrors.add(error)))

/**
 * A request the operation's schemas refuse to encode (a title too long, an id with a NUL) is
 * never sent: it fails as the server would have answered, `InvalidInput` naming the field.
 */
const asInvalidInput = (error: unknown) =>
  ParseResult.isParseError(error) && !answerErrors.has(error) ? invalidInputFromParseError(error) : error

const refusingLocally = (client: object): object =>
  Object.fromEntries(
    Object.entries(client).map(([name, value]) => [
      name,
      typeof value === "function"
        ? (...args: Array<unknown>) => Effect.mapError(value(...args), asInvalidInput)
        : refusingLocally(value)
    ])
  )

const make = (options: QuireClientOptions): Effect.Effect<QuireClientApi, never, HttpClient.HttpClient> => {
  const { token, transformClient = (client) => client } = options
  const authorized =
    token === undefined
      ? (client: HttpClient.HttpClient) => client
      : HttpClient.mapRequest(HttpClientRequest.bearerToken(token))
  const client = HttpApiClient.make(QuireApi, {
    baseUrl: withoutTrailingSlash(options.baseUrl),
    transformClient: (client) => transformClient(authorized(client)),
    transformResponse: markAnswerErrors
  })
  // At run time the client is what `QuireClientApi` says; only its type needs setting right.
  return Effect.map(client, (methods) => refusingLocally(methods) as QuireClientApi)
}

type ApiGroups = typeof QuireApi extends HttpApi.HttpApi<infer _Id, infer Groups, infer _E, infer _R> ? Groups : never
type ApiError = typeof QuireApi extends HttpApi.HttpApi<infer _Id, infer _Groups, infer E, infer _R> ? E : never

/**
 * `[operationId, method]` for each endpoint of each top-level group, each method failing with
 * its own group's errors. `HttpApiClient.Client` types these methods by matching the union of
 * all top-level groups against one group at once, which fails when there are several
 * (@effect/platform 0.97): its top-level part is then `{}`. Here the match is per group.
 */
type TopLevelMethods<Group> =
  Group extends HttpApiGroup.HttpApiGroup<infer _Id, infer Endpoints, infer GroupError, infer _R, true>
    ? Endpoints extends infer Endpoint
      ? readonly [
          HttpApiEndpoint.HttpApiEndpoint.Name<Endpoint>,
          HttpApiClient.Client.Method<Endpoint, ApiError, GroupError, never>
        ]
      : never
    : never

/**
 * The typed client of the `/v1` API: one method per operation, named by its official
 * operationId (`client.getSpaceById({ path: { spaceId }, urlParams: {} })`), taking the same
 * path, query and body schemas the server decodes and answering its resources, decoded. An
 * error answer fails with the error the operation declares for its status, decoded: the core's
 * tagged errors with their fields (`InvalidInput` with `field`, `Unauthorized`, `Forbidden`,
 * `NotFound`, `Conflict`, `Gone`, `RateLimited`), `InternalError` for a 500. Input the schemas
 * refuse is not sent: it fails with `InvalidInput` naming the field, as the server would. A
 * failure to reach the server is an `HttpClientError`; an answer that does not decode, a
 * `ParseError`.
 */
export type QuireClientApi = HttpApiClient.Client<ApiGroups, ApiError, never> & {
  readonly [Method in TopLevelMethods<ApiGroups> as Method[0]]: Method[1]
}

/**
 * A typed client of a Quire server, for Effect programs. `QuireClient.make(options)` builds
 * one; `QuireClient.layer(options)` provides it as this service. Both need an
 * `HttpClient` (`FetchHttpClient.layer` from `@effect/platform`, or `NodeHttpClient.layer`).
 *
 * ```ts
 * const space = yield* Effect.flatMap(QuireClient, (quire) => quire.getSpaceById({ path: { spaceId }, urlParams: {} }))
 * ```
 */
export class QuireClient extends Context.Tag("@quire/http/QuireClient")<QuireClient, QuireClientApi>() {
  static readonly make = make
  static readonly layer = (options: QuireClientOptions): Layer.Layer<QuireClient, never, HttpClient.HttpClient> =>
    Layer.effect(QuireClient, make(options))
}
