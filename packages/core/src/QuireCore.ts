import { Layer } from "effect"
import { ChangeRequests } from "./change-requests/ChangeRequests.js"
import { Collections } from "./collections/Collections.js"
import { ContentEngine } from "./content/tree/ContentEngine.js"
import { ContentExports } from "./exports/ContentExports.js"
import { Invites } from "./invites/Invites.js"
import { ContentLinks } from "./links/ContentLinks.js"
import { Members } from "./members/Members.js"
import { Organizations } from "./organizations/Organizations.js"
import type { LeaksAccess } from "./policy/Authorized.js"
import { Urls } from "./shared/Urls.js"
import { SpaceContent } from "./spaces/SpaceContent.js"
import { Spaces } from "./spaces/Spaces.js"
import { Teams } from "./teams/Teams.js"
import { ApiTokens } from "./tokens/ApiTokens.js"
import { Users } from "./users/Users.js"

/** Every core service. Needs a storage adapter's layer (Storage + repositories), and `Urls`. */
const services = Layer.mergeAll(
  Users.Default,
  ApiTokens.Default,
  Organizations.Default,
  Members.Default,
  Invites.Default,
  Teams.Default,
  Collections.Default,
  Spaces.Default,
  SpaceContent.Default,
  ChangeRequests.Default,
  ContentLinks.Default,
  ContentExports.Default,
  ContentEngine.Default
)

/**
 * The services a caller uses, by name, as their tags: the registry adapters derive from
 * (`@quire/embed` makes its Promise facade from it, so a service or method added here is
 * there with no facade code). `ContentEngine` is the services' engine, not one of them.
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
  spaceContent: SpaceContent,
  changeRequests: ChangeRequests,
  contentLinks: ContentLinks,
  contentExports: ContentExports
} as const

/** The shape of each service in `QuireServices`. */
export type QuireServices = { readonly [K in keyof typeof QuireServices]: (typeof QuireServices)[K]["Service"] }

/**
 * Refuses to compile while a service method still requires `Authorized` or `AccessChecked`:
 * it reads or writes guarded records and is not wrapped in `authorized` (see `policy/Authorized.ts`).
 * The error names the method.
 */
type Unchecked<S> = [LeaksAccess<S>] extends [never] ? true : { readonly "not authorized": LeaksAccess<S> }
const everyMethodAuthorized: {
  readonly [K in keyof QuireServices]: Unchecked<QuireServices[K]>
} = {
  users: true,
  apiTokens: true,
  organizations: true,
  members: true,
  invites: true,
  teams: true,
  collections: true,
  spaces: true,
  spaceContent: true,
  changeRequests: true,
  contentLinks: true,
  contentExports: true
}
void everyMethodAuthorized

export const QuireCore = {
  services,
  /** The services, and the `Urls` they build from `publicUrl`. */
  layer: (options: { readonly publicUrl: string }) =>
    services.pipe(Layer.provideMerge(Urls.layer(options.publicUrl)))
} as const
