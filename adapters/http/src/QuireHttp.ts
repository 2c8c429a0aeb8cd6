import { HttpApiBuilder, HttpServerResponse, OpenApi } from "@effect/platform"
import { Urls } from "@quire/core"
import { Effect, Layer } from "effect"
import { QuireApi } from "./Api.js"
import { AddressFailuresLive } from "./AddressFailures.js"
import { AuthenticationLive, BearerTokensLive } from "./Authentication.js"
import { ChangeRequestsHttp } from "./change-requests/ChangeRequestsHandlers.js"
import { CollectionsHttp } from "./collections/CollectionsHandlers.js"
import { CommentsHttp } from "./comments/CommentsHandlers.js"
import { ContentHttp } from "./content/ContentHandlers.js"
import { ContentImportsHttp } from "./import/ContentImportsHandlers.js"
import { GitSyncHttp } from "./git-sync/GitSyncHandlers.js"
import { SsoHttp } from "./sso/SsoHandlers.js"
import { ErrorMappingLive } from "./errorMapping.js"
import { HotReadsLive } from "./hotReads/HotReads.js"
import { InputLimitsLive } from "./input/InputLimitsLive.js"
import { InvitesHttp } from "./invites/InvitesHandlers.js"
import { LinksHttp } from "./links/LinksHandlers.js"
import { MembersHttp } from "./members/MembersHandlers.js"
import { MetaHttp } from "./meta/MetaHandlers.js"
import { API_PREFIX, withServer } from "./openApiDocument.js"
import { OrganizationsHttp } from "./organizations/OrganizationsHandlers.js"
import { PdfExportsHttp } from "./pdf-export/PdfExportsHandlers.js"
import { referencePage } from "./referencePage.js"
import { SearchHttp } from "./search/SearchHandlers.js"
import { SiteShareLinksHttp } from "./sites/SiteShareLinksHandlers.js"
import { SitesHttp } from "./sites/SitesHandlers.js"
import { SiteStructureHttp } from "./sites/SiteStructureHandlers.js"
import { SpacesHttp } from "./spaces/SpacesHandlers.js"
import { TeamsHttp } from "./teams/TeamsHandlers.js"
import { UsersHttp } from "./users/UsersHandlers.js"
import { TranslationsHttp } from "./translations/TranslationsHandlers.js"
import { CustomFieldsHttp } from "./custom-fields/CustomFieldsHandlers.js"
import { McpEndpointLive } from "./mcp/McpEndpoint.js"
import { SiteReaderEndpointLive } from "./reader/SiteReaderEndpoint.js"
import { OpenApiSpecsHttp } from "./openapi/OpenApiSpecsHandlers.js"
import { IntegrationsHttp } from "./integrations/IntegrationsHandlers.js"

/** Every group's handlers, each built among only the services it uses (see `isolated`). */
const Handlers = Layer.mergeAll(
  MetaHttp,
  UsersHttp,
  OrganizationsHttp,
  InvitesHttp,
  MembersHttp,
  TeamsHttp,
  CollectionsHttp,
  SpacesHttp,
  ChangeRequestsHttp,
  ContentHttp,
  ContentImportsHttp,
  GitSyncHttp,
  LinksHttp,
  CommentsHttp,
  PdfExportsHttp,
  SitesHttp,
  SiteStructureHttp,
  SiteShareLinksHttp,
  SearchHttp,
  SsoHttp,
  TranslationsHttp,
  CustomFieldsHttp,
  OpenApiSpecsHttp,
  IntegrationsHttp
)

/**
 * The OpenAPI document of `QuireApi` as served at `/v1/openapi.json`: paths relative to its one
 * server, `apiUrl` (the public URL followed by `/v1`, `Urls.api("")`).
 */
export const openApiDocument = (apiUrl: string): OpenApi.OpenAPISpec => withServer(OpenApi.fromApi(QuireApi), apiUrl)

/**
 * `GET /v1/openapi.json`, without authentication: the document at the configured public URL,
 * made once, on its first request (not while the server starts, which it would slow).
 */
const OpenApiRoute = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const urls = yield* Urls
    const response = yield* Effect.cached(Effect.orDie(Effect.suspend(() => HttpServerResponse.json(openApiDocument(urls.api(""))))))
    yield* router.get(`${API_PREFIX}/openapi.json`, response)
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
  referencePage("/v1/reference"),
  InputLimitsLive,
  ErrorMappingLive,
  HotReadsLive,
  McpEndpointLive,
  SiteReaderEndpointLive
).pipe(
  Layer.provideMerge(HttpApiBuilder.api(QuireApi)),
  Layer.provide(Handlers),
  Layer.provide(AuthenticationLive),
  // One count of each token's requests, whether the API or `HotReads` admits them.
  Layer.provide(BearerTokensLive),
  // One count of each address's failed authentications, by token or by sign-in.
  Layer.provide(AddressFailuresLive)
)
