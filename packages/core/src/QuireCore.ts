import { Layer } from "effect"
import { ChangeRequests } from "./change-requests/ChangeRequests.js"
import { Comments } from "./comments/Comments.js"
import { Collections } from "./collections/Collections.js"
import { ContentEngine } from "./content/tree/ContentEngine.js"
import { PdfExports } from "./pdf-export/PdfExports.js"
import { ContentImports } from "./import/ContentImports.js"
import { GitSync } from "./git-sync/GitSync.js"
import { Invites } from "./invites/Invites.js"
import { Links } from "./links/Links.js"
import { Members } from "./members/Members.js"
import { Organizations } from "./organizations/Organizations.js"
import type { LeaksAccess } from "./policy/Authorized.js"
import { Urls } from "./shared/Urls.js"
import { Content } from "./content-scope/Content.js"
import { Search } from "./search/Search.js"
import { SearchIndexer } from "./content/search/SearchIndexer.js"
import { PublishedSites } from "./sites/PublishedSites.js"
import { SiteReader } from "./reader/SiteReader.js"
import { SiteShareLinks } from "./sites/SiteShareLinks.js"
import { Sites } from "./sites/Sites.js"
import { SiteStructures } from "./sites/SiteStructures.js"
import { Spaces } from "./spaces/Spaces.js"
import { SamlProviders } from "./sso/SamlProviders.js"
import { SsoSignIn } from "./sso/SsoSignIn.js"
import { Teams } from "./teams/Teams.js"
import { ApiTokens } from "./tokens/ApiTokens.js"
import { Users } from "./users/Users.js"
import { Translations } from "./translations/Translations.js"
import { CustomFields } from "./custom-fields/CustomFields.js"
import { OpenApiSpecs } from "./openapi/OpenApiSpecs.js"
import { Integrations } from "./integrations/Integrations.js"
import { IntegrationInstallations } from "./integrations/IntegrationInstallations.js"

/**
 * The services a caller uses, by name, as their tags: the one registry of core services. The
 * layer below, `@quire/embed`'s Promise facade and the authorization check are derived from
 * it, so a service is added here once and nowhere else. `ContentEngine` is the services'
 * engine, not one of them.
 */
export const QuireServices = {
  users: Users,
  apiTokens: ApiTokens,
  organizations: Organizations,
  members: Members,
  invites: Invites,
  teams: Teams,
  collections: Collections,
  spaces: Spaces,
  content: Content,
  contentImports: ContentImports,
  gitSync: GitSync,
  changeRequests: ChangeRequests,
  comments: Comments,
  links: Links,
  pdfExports: PdfExports,
  sites: Sites,
  siteStructures: SiteStructures,
  siteShareLinks: SiteShareLinks,
  publishedSites: PublishedSites,
  siteReader: SiteReader,
  search: Search,
  samlProviders: SamlProviders,
  ssoSignIn: SsoSignIn,
  translations: Translations,
  customFields: CustomFields,
  openApiSpecs: OpenApiSpecs,
  integrations: Integrations,
  integrationInstallations: IntegrationInstallations
} as const

/** The shape of each service in `QuireServices`. */
export type QuireServices = { readonly [K in keyof typeof QuireServices]: (typeof QuireServices)[K]["Service"] }

type ServiceLayer =
  | (typeof QuireServices)[keyof typeof QuireServices]["Default"]
  | typeof ContentEngine.Default
  | typeof SearchIndexer.Default
// Each distributes over the union, layer by layer: what merging them all gives.
type Provides<L> = L extends Layer.Layer<infer A, infer _E, infer _R> ? A : never
type Fails<L> = L extends Layer.Layer<infer _A, infer E, infer _R> ? E : never
type Needs<L> = L extends Layer.Layer<infer _A, infer _E, infer R> ? R : never

/** Every core service's layer, and the engine's. Needs a storage adapter's layer (Storage + repositories), and `Urls`. */
const services = Layer.mergeAll(
  ...([ContentEngine.Default, SearchIndexer.Default, ...Object.values(QuireServices).map((service) => service.Default)] as [ServiceLayer, ...Array<ServiceLayer>])
) as Layer.Layer<Provides<ServiceLayer>, Fails<ServiceLayer>, Needs<ServiceLayer>>

/**
 * Refuses to compile while a service method still requires `Authorized` or `AccessChecked`:
 * it reads or writes guarded records and is not wrapped in `authorized` (see `policy/Authorized.ts`).
 * The error names the service and the method.
 */
type Unchecked = {
  readonly [K in keyof QuireServices]: [LeaksAccess<QuireServices[K]>] extends [never] ? never : { readonly [S in K]: LeaksAccess<QuireServices[K]> }
}[keyof QuireServices]
const everyMethodAuthorized: [Unchecked] extends [never] ? true : { readonly "not authorized": Unchecked } = true
void everyMethodAuthorized

export const QuireCore = {
  services,
  /** The services, and the `Urls` they build from `publicUrl`. */
  layer: (options: { readonly publicUrl: string }) =>
    services.pipe(Layer.provideMerge(Urls.layer(options.publicUrl)))
} as const
