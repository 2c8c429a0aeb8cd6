import { Schema } from "effect"
import { AnyValue } from "../shared/AnyValue.js"
import { Space } from "../spaces/Space.js"
import { ShareLinkId, SiteId, SiteSectionGroupId, SiteSectionId, SiteSpaceId } from "../shared/ids.js"
import { DefaultLevel } from "../shared/role.js"
import { SiteType, SiteVisibility } from "../storage/sites/SiteRecord.js"

/** The official `Site.permissions`. */
export const SitePermissions = Schema.Struct({
  view: Schema.Boolean,
  access: Schema.Boolean,
  edit: Schema.Boolean,
  create: Schema.Boolean,
  admin: Schema.Boolean,
  installIntegration: Schema.Boolean,
  viewAdaptiveSchema: Schema.Boolean,
  editAdaptiveSchema: Schema.Boolean
}).annotations({ identifier: "SitePermissions" })
export interface SitePermissions extends Schema.Schema.Type<typeof SitePermissions> {}

/** The official `Site`. */
export const Site = Schema.Struct({
  object: Schema.Literal("site"),
  id: SiteId,
  type: SiteType,
  appliedType: SiteType,
  title: Schema.String,
  hostname: Schema.optional(Schema.String),
  basename: Schema.optional(Schema.String),
  proxy: Schema.optional(Schema.Struct({ origin: Schema.String, target: Schema.String })),
  visibility: SiteVisibility,
  defaultLevel: DefaultLevel,
  permissions: SitePermissions,
  published: Schema.Boolean,
  siteSpaces: Schema.Number,
  createdAt: Schema.String,
  adaptiveContent: Schema.optional(Schema.Struct({ enabled: Schema.Boolean })),
  features: Schema.Array(Schema.Struct({ id: Schema.String, plan: SiteType, frozen: Schema.Boolean })),
  urls: Schema.Struct({
    location: Schema.String,
    app: Schema.String,
    preview: Schema.String,
    /** Only while the site is published. */
    published: Schema.optional(Schema.String)
  })
}).annotations({ identifier: "Site" })
export interface Site extends Schema.Schema.Type<typeof Site> {}

const PublishedUrl = Schema.Struct({ published: Schema.optional(Schema.String) })

/** The official `SiteSpace`: a space on a site, embedding the space as the caller sees it. */
export const SiteSpace = Schema.Struct({
  object: Schema.Literal("site-space"),
  id: SiteSpaceId,
  path: Schema.String,
  section: Schema.optional(SiteSectionId),
  space: Space,
  title: Schema.String,
  default: Schema.Boolean,
  condition: Schema.optional(Schema.String),
  draft: Schema.Boolean,
  hidden: Schema.Boolean,
  urls: PublishedUrl
}).annotations({ identifier: "SiteSpace" })
export interface SiteSpace extends Schema.Schema.Type<typeof SiteSpace> {}

/** The official `SiteSection`. */
export const SiteSection = Schema.Struct({
  object: Schema.Literal("site-section"),
  id: SiteSectionId,
  title: Schema.String,
  description: Schema.optional(Schema.String),
  default: Schema.Boolean,
  draft: Schema.Boolean,
  path: Schema.String,
  condition: Schema.optional(Schema.String),
  sectionGroup: Schema.optional(SiteSectionGroupId),
  siteSpaces: Schema.Array(SiteSpace),
  urls: PublishedUrl,
  icon: Schema.optional(Schema.String)
}).annotations({ identifier: "SiteSection" })
export interface SiteSection extends Schema.Schema.Type<typeof SiteSection> {}

/** The official `SiteSectionGroup`: `children` are its sections and groups in order; `sections` its own sections. */
export interface SiteSectionGroup {
  readonly object: "site-section-group"
  readonly id: SiteSectionGroupId
  readonly title: string
  readonly sections: ReadonlyArray<SiteSection>
  readonly sectionGroup?: SiteSectionGroupId | undefined
  readonly draft: boolean
  readonly children: ReadonlyArray<SiteSection | SiteSectionGroup>
  readonly icon?: string | undefined
}
interface SiteSectionGroupEncoded extends Omit<SiteSectionGroup, "id" | "sectionGroup" | "sections" | "children"> {
  readonly id: string
  readonly sectionGroup?: string | undefined
  readonly sections: ReadonlyArray<typeof SiteSection.Encoded>
  readonly children: ReadonlyArray<typeof SiteSection.Encoded | SiteSectionGroupEncoded>
}
export const SiteSectionGroup: Schema.Schema<SiteSectionGroup, SiteSectionGroupEncoded> = Schema.Struct({
  object: Schema.Literal("site-section-group"),
  id: SiteSectionGroupId,
  title: Schema.String,
  sections: Schema.Array(SiteSection),
  sectionGroup: Schema.optional(SiteSectionGroupId),
  draft: Schema.Boolean,
  children: Schema.Array(Schema.Union(SiteSection, Schema.suspend((): Schema.Schema<SiteSectionGroup, SiteSectionGroupEncoded> => SiteSectionGroup))),
  icon: Schema.optional(Schema.String)
}).annotations({ identifier: "SiteSectionGroup" })

/** The official `SiteStructure`: sections (and groups) when the site has sections, else its site spaces. */
export const SiteStructure = Schema.Union(
  Schema.Struct({ type: Schema.Literal("sections"), structure: Schema.Array(Schema.Union(SiteSection, SiteSectionGroup)) }),
  Schema.Struct({ type: Schema.Literal("siteSpaces"), structure: Schema.Array(SiteSpace) })
).annotations({ identifier: "SiteStructure" })
export type SiteStructure = Schema.Schema.Type<typeof SiteStructure>

/** The official `ShareLink`. */
export const ShareLink = Schema.Struct({
  object: Schema.Literal("share-link"),
  id: ShareLinkId,
  createdAt: Schema.String,
  name: Schema.optional(Schema.String),
  active: Schema.Boolean,
  urls: PublishedUrl
}).annotations({ identifier: "ShareLink" })
export interface ShareLink extends Schema.Schema.Type<typeof ShareLink> {}

/** The official `SiteAdaptiveSchema`. */
export const SiteAdaptiveSchema = Schema.Struct({
  object: Schema.Literal("site-adaptive-schema"),
  jsonSchema: Schema.Record({ key: Schema.String, value: AnyValue }),
  updatedAt: Schema.String
}).annotations({ identifier: "SiteAdaptiveSchema" })
export interface SiteAdaptiveSchema extends Schema.Schema.Type<typeof SiteAdaptiveSchema> {}

/** The official `PublishedContentSite`: the site, its structure as the reader may see it, and its customizations. */
export const PublishedContentSite = Schema.Struct({
  object: Schema.Literal("published-content-site"),
  site: Site,
  structure: SiteStructure,
  customizations: Schema.Struct({
    site: Schema.Record({ key: Schema.String, value: AnyValue }),
    siteSpaces: Schema.Record({ key: Schema.String, value: Schema.Record({ key: Schema.String, value: AnyValue }) })
  }),
  scripts: Schema.Array(Schema.Struct({ script: Schema.String, cookies: Schema.Boolean }))
}).annotations({ identifier: "PublishedContentSite" })
export interface PublishedContentSite extends Schema.Schema.Type<typeof PublishedContentSite> {}
