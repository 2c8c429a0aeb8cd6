import { Schema } from "effect"
import type { OrganizationId, SiteId, SiteSectionId, SiteSpaceId } from "../../shared/ids.js"
import type { DefaultLevel } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"

export const SiteType = Schema.Literal("basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium")
export type SiteType = typeof SiteType.Type

/** Who may read the published site besides members: anyone (`public`, `unlisted`), holders of a share key, or visitors with a JWT. */
export const SiteVisibility = Schema.Literal("public", "unlisted", "share-link", "visitor-auth")
export type SiteVisibility = typeof SiteVisibility.Type

export interface SiteAdaptiveSchemaRecord {
  /** The JSON Schema document, as JSON text. */
  readonly document: string
  readonly updatedAt: Timestamp
}

/** A docs site of an organization. Its structure (sections, groups, site spaces) is kept in rows of its own. */
export interface SiteRecord {
  readonly id: SiteId
  readonly organizationId: OrganizationId
  readonly type: SiteType
  readonly title: string
  readonly visibility: SiteVisibility
  readonly published: boolean
  /** The site's path under the organization's published address; unique in the organization. */
  readonly basename: string
  /** The proxy origin (`company.com/docs`), or null. */
  readonly proxy: string | null
  readonly defaultLevel: DefaultLevel
  readonly adaptiveContent: boolean
  readonly adaptiveSchema: SiteAdaptiveSchemaRecord | null
  /** The secret visitor JWTs are signed with (HS256), base64url. */
  readonly visitorKey: string
  /** The default section, when the site has sections (null until then; a stale id falls back to the first section). */
  readonly defaultSectionId: SiteSectionId | null
  /** The default site space at the root, when the site has no sections. */
  readonly defaultSiteSpaceId: SiteSpaceId | null
  readonly createdAt: Timestamp
  /** Moves with every change of the site or its structure, so two concurrent structure commands conflict. */
  readonly updatedAt: Timestamp
}

export const siteSortKey = (s: SiteRecord) => [s.createdAt, s.id]
