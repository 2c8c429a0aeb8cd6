import type {
  DefaultLevel,
  OrganizationId,
  ShareLinkId,
  ShareLinkRecord,
  SiteId,
  SiteRecord,
  SiteSectionGroupId,
  SiteSectionGroupRecord,
  SiteSectionId,
  SiteSectionRecord,
  SiteSpaceId,
  SiteSpaceRecord,
  SiteType,
  SiteVisibility,
  SpaceId
} from "@quire/core"
import { foldCase, toBool, toInt } from "../shared/values.js"

/** How each record is kept in its table (0009_sites.ts), and read back. */

export const SITE_COLUMNS = `s.id, s.organization_id, s.type, s.title, s.visibility, s.published, s.basename, s.proxy,
  s.default_level, s.adaptive_content, s.adaptive_schema_document, s.adaptive_schema_updated_at, s.visitor_key,
  s.default_section_id, s.default_site_space_id, s.created_at, s.updated_at`

export interface SiteRow {
  readonly id: string
  readonly organizationId: string
  readonly type: string
  readonly title: string
  readonly visibility: string
  readonly published: unknown
  readonly basename: string
  readonly proxy: string | null
  readonly defaultLevel: string | null
  readonly adaptiveContent: unknown
  readonly adaptiveSchemaDocument: string | null
  readonly adaptiveSchemaUpdatedAt: string | null
  readonly visitorKey: string
  readonly defaultSectionId: string | null
  readonly defaultSiteSpaceId: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

export const toSiteRow = (s: SiteRecord) => ({
  id: s.id,
  organizationId: s.organizationId,
  type: s.type,
  title: s.title,
  titleKey: foldCase(s.title),
  visibility: s.visibility,
  published: toInt(s.published),
  basename: s.basename,
  proxy: s.proxy,
  defaultLevel: s.defaultLevel,
  adaptiveContent: toInt(s.adaptiveContent),
  adaptiveSchemaDocument: s.adaptiveSchema?.document ?? null,
  adaptiveSchemaUpdatedAt: s.adaptiveSchema?.updatedAt ?? null,
  visitorKey: s.visitorKey,
  defaultSectionId: s.defaultSectionId,
  defaultSiteSpaceId: s.defaultSiteSpaceId,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt
})

export const toSiteRecord = (row: SiteRow): SiteRecord => ({
  id: row.id as SiteId,
  organizationId: row.organizationId as OrganizationId,
  type: row.type as SiteType,
  title: row.title,
  visibility: row.visibility as SiteVisibility,
  published: toBool(row.published),
  basename: row.basename,
  proxy: row.proxy,
  defaultLevel: row.defaultLevel as DefaultLevel,
  adaptiveContent: toBool(row.adaptiveContent),
  adaptiveSchema:
    row.adaptiveSchemaDocument === null || row.adaptiveSchemaUpdatedAt === null
      ? null
      : { document: row.adaptiveSchemaDocument, updatedAt: row.adaptiveSchemaUpdatedAt },
  visitorKey: row.visitorKey,
  defaultSectionId: row.defaultSectionId as SiteSectionId | null,
  defaultSiteSpaceId: row.defaultSiteSpaceId as SiteSpaceId | null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt
})

/** The columns of a structure table besides `id` and `site_id`: what an upsert replaces. */
export const SECTION_COLUMNS = [
  "title",
  "description",
  "icon",
  "path",
  "condition",
  "group_id",
  "position",
  "default_site_space_id",
  "created_at"
]
export const GROUP_COLUMNS = ["title", "icon", "parent_id", "position", "created_at"]
export const SITE_SPACE_COLUMNS = ["section_id", "space_id", "path", "condition", "position", "created_at"]

export const selected = (columns: ReadonlyArray<string>): string => ["id", "site_id", ...columns].join(", ")

export const toSectionRow = (s: SiteSectionRecord) => ({
  id: s.id,
  siteId: s.siteId,
  title: s.title,
  description: s.description,
  icon: s.icon,
  path: s.path,
  condition: s.condition,
  groupId: s.groupId,
  position: s.position,
  defaultSiteSpaceId: s.defaultSiteSpaceId,
  createdAt: s.createdAt
})

export type SectionRow = ReturnType<typeof toSectionRow>

export const toSectionRecord = (row: SectionRow): SiteSectionRecord => ({
  id: row.id as SiteSectionId,
  siteId: row.siteId as SiteId,
  title: row.title,
  description: row.description,
  icon: row.icon,
  path: row.path,
  condition: row.condition,
  groupId: row.groupId as SiteSectionGroupId | null,
  position: row.position,
  defaultSiteSpaceId: row.defaultSiteSpaceId as SiteSpaceId | null,
  createdAt: row.createdAt
})

export const toGroupRow = (g: SiteSectionGroupRecord) => ({
  id: g.id,
  siteId: g.siteId,
  title: g.title,
  icon: g.icon,
  parentId: g.parentId,
  position: g.position,
  createdAt: g.createdAt
})

export type GroupRow = ReturnType<typeof toGroupRow>

export const toGroupRecord = (row: GroupRow): SiteSectionGroupRecord => ({
  id: row.id as SiteSectionGroupId,
  siteId: row.siteId as SiteId,
  title: row.title,
  icon: row.icon,
  parentId: row.parentId as SiteSectionGroupId | null,
  position: row.position,
  createdAt: row.createdAt
})

export const toSiteSpaceRow = (s: SiteSpaceRecord) => ({
  id: s.id,
  siteId: s.siteId,
  sectionId: s.sectionId,
  spaceId: s.spaceId,
  path: s.path,
  condition: s.condition,
  position: s.position,
  createdAt: s.createdAt
})

export type SiteSpaceRow = ReturnType<typeof toSiteSpaceRow>

export const toSiteSpaceRecord = (row: SiteSpaceRow): SiteSpaceRecord => ({
  id: row.id as SiteSpaceId,
  siteId: row.siteId as SiteId,
  sectionId: row.sectionId as SiteSectionId | null,
  spaceId: row.spaceId as SpaceId,
  path: row.path,
  condition: row.condition,
  position: row.position,
  createdAt: row.createdAt
})

export const SHARE_LINK_COLUMNS = "id, site_id, name, share_key, active, created_at"

export interface ShareLinkRow {
  readonly id: string
  readonly siteId: string
  readonly name: string
  readonly shareKey: string
  readonly active: unknown
  readonly createdAt: string
}

export const toShareLinkRow = (l: ShareLinkRecord) => ({
  id: l.id,
  siteId: l.siteId,
  name: l.name,
  nameKey: foldCase(l.name),
  shareKey: l.key,
  shareKeyFolded: foldCase(l.key),
  active: toInt(l.active),
  createdAt: l.createdAt
})

export const toShareLinkRecord = (row: ShareLinkRow): ShareLinkRecord => ({
  id: row.id as ShareLinkId,
  siteId: row.siteId as SiteId,
  name: row.name,
  key: row.shareKey,
  active: toBool(row.active),
  createdAt: row.createdAt
})
