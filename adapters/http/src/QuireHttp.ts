import { HttpApiBuilder, HttpApiScalar, HttpServerResponse, OpenApi } from "@effect/platform"
import { ChangeRequests, Collections, Content, Invites, Members, Organizations, Spaces, Teams, Urls, Users } from "@quire/core"
import { Effect, Layer } from "effect"
import { QuireApi } from "./Api.js"
import { Authentication, AuthenticationLive, BearerTokensLive } from "./Authentication.js"
import { ErrorMappingLive } from "./errorMapping.js"
import { ChangeRequestsHandlers } from "./handlers/ChangeRequestsHandlers.js"
import { CollectionsHandlers } from "./handlers/CollectionsHandlers.js"
import { InvitesHandlers } from "./handlers/InvitesHandlers.js"
import { MembersHandlers } from "./handlers/MembersHandlers.js"
import { MetaHandlers } from "./handlers/MetaHandlers.js"
import { OrganizationsHandlers } from "./handlers/OrganizationsHandlers.js"
import { SpacesHandlers } from "./handlers/SpacesHandlers.js"
import { TeamsHandlers } from "./handlers/TeamsHandlers.js"
import { UsersHandlers } from "./handlers/UsersHandlers.js"
import { HotReadsLive } from "./hotReads/HotReads.js"
import { InputLimitsLive } from "./input/InputLimitsLive.js"
import { isolated } from "./isolated.js"
import { ContentHttp } from "./content/ContentHandlers.js"
import { LinksHttp } from "./links/LinksHandlers.js"
import { API_PREFIX, withServer } from "./openApiDocument.js"
import { PdfExportsHttp } from "./pdf-export/PdfExportsHandlers.js"

/** Each group built among only the services it uses (see `isolated`). */
const Handlers = Layer.mergeAll(
  isolated(MetaHandlers, [Urls]),
  isolated(UsersHandlers, [Authentication, Users]),
  isolated(OrganizationsHandlers, [Authentication, Organizations]),
  isolated(InvitesHandlers, [Authentication, Invites]),
  isolated(MembersHandlers, [Authentication, Members, Spaces, Teams]),
  isolated(TeamsHandlers, [Authentication, Teams]),
  isolated(CollectionsHandlers, [Authentication, Collections]),
  isolated(SpacesHandlers, [Authentication, Spaces]),
  isolated(ChangeRequestsHandlers, [Authentication, ChangeRequests, Content, Urls]),
  ContentHttp,
  LinksHttp,
  PdfExportsHttp
)

/**
 * The OpenAPI document of `QuireApi` as served at `/v1/openapi.json`: paths relative to its one
 * server, `apiUrl` (the public URL followed by `/v1`, `Urls.api("")`).
 */
export const openApiDocument = (apiUrl: string): OpenApi.OpenAPISpec => withServer(OpenApi.fromApi(QuireApi), apiUrl)

/** `GET /v1/openapi.json`, without authentication: the document, made once, at the configured public URL. */
const OpenApiRoute = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const urls = yield* Urls
    const response = yield* Effect.orDie(HttpServerResponse.json(openApiDocument(urls.api(""))))
    yield* router.get(`${API_PREFIX}/openapi.json`, Effect.succeed(response))
  })
)

/**
 * The `/v1` API as a layer: every handler, authentication, limits on input, error mapping,
 * the generated OpenAPI document at `/v1/openapi.json` (see `openApiDocument`) and a reference
 * page at `/v1/reference`.
 * Requires the core services (see `QuireCore.layer`); serve it with `serveQuireApi()` (or
 * `HttpApiBuilder.serve()`, which answers the same without `HotReads`' shortcut).
 * Provide `InputLimits.layer({...})` to it to change the limits on input.
 */
export const QuireHttpApi = Layer.mergeAll(
  OpenApiRoute,
  HttpApiScalar.layer({ path: "/v1/reference" }),
  InputLimitsLive,
  ErrorMappingLive,
  HotReadsLive
).pipe(
  Layer.provideMerge(HttpApiBuilder.api(QuireApi)),
  Layer.provide(Handlers),
  Layer.provide(AuthenticationLive),
  // One count of each token's requests, whether the API or `HotReads` admits them.
  Layer.provide(BearerTokensLive)
)
