import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { OrganizationId, ShareLinkId, SiteId, SpaceId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { ShareLinkRecord } from "./ShareLinkRecord.js"
import type { SiteRecord } from "./SiteRecord.js"
import type { SiteStructureChange, SiteStructureRows } from "./SiteStructureRecords.js"

export interface SiteQuery {
  /** Only sites whose title contains this text (case-insensitive). */
  readonly title?: string | undefined
  readonly published?: boolean | undefined
  /** Only sites publishing this space. */
  readonly spaceId?: SpaceId | undefined
  /** Only sites open to members (`defaultLevel` not null): what a member who is no admin sees. */
  readonly onlyOpenToMembers?: boolean | undefined
}

/** Sites, their structure and their share links. A site's deletion removes all of them. */
export class SiteRepository extends Context.Tag("@quire/core/SiteRepository")<
  SiteRepository,
  {
    readonly insert: (site: SiteRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (site: SiteRecord) => Effect.Effect<void, never, Authorized>
    /** Deletes the site with its structure and share links. */
    readonly delete: (id: SiteId) => Effect.Effect<void, never, Authorized>
    readonly findById: (id: SiteId) => Effect.Effect<Option.Option<SiteRecord>, never, Authorized>
    /** The site of this organization with this basename, if any. */
    readonly findByBasename: (organizationId: OrganizationId, basename: string) => Effect.Effect<Option.Option<SiteRecord>, never, Authorized>
    /** By (createdAt, id); `count` is the total of the query. */
    readonly list: (organizationId: OrganizationId, query: SiteQuery, keyset: Keyset) => Effect.Effect<Slice<SiteRecord>, never, Authorized>
    /** The site spaces of each site; sites with none are absent. */
    readonly countSiteSpaces: (ids: ReadonlyArray<SiteId>) => Effect.Effect<ReadonlyMap<SiteId, number>, never, Authorized>

    /** Every section, group and site space of the site (in no particular order). */
    readonly structure: (id: SiteId) => Effect.Effect<SiteStructureRows, never, Authorized>
    /** Inserts or replaces the rows of `put` and deletes the named ones, all of the site. */
    readonly writeStructure: (id: SiteId, change: SiteStructureChange) => Effect.Effect<void, never, Authorized>

    readonly insertShareLink: (link: ShareLinkRecord) => Effect.Effect<void, never, Authorized>
    readonly updateShareLink: (link: ShareLinkRecord) => Effect.Effect<void, never, Authorized>
    readonly deleteShareLink: (siteId: SiteId, id: ShareLinkId) => Effect.Effect<void, never, Authorized>
    readonly findShareLink: (siteId: SiteId, id: ShareLinkId) => Effect.Effect<Option.Option<ShareLinkRecord>, never, Authorized>
    /** The site's link carrying this key, active or not. */
    readonly findShareLinkByKey: (siteId: SiteId, key: string) => Effect.Effect<Option.Option<ShareLinkRecord>, never, Authorized>
    /** By (createdAt, id); `search` matches the name or the key (case-insensitive). */
    readonly listShareLinks: (
      siteId: SiteId,
      search: string | undefined,
      keyset: Keyset
    ) => Effect.Effect<Slice<ShareLinkRecord>, never, Authorized>
  }
>() {}
