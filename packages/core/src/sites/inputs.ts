import { Schema } from "effect"
import { DefaultLevel } from "../shared/role.js"
import { lengthBetween, maxLength } from "../shared/validation.js"
import { SiteType, SiteVisibility } from "../storage/sites/SiteRecord.js"
import { DRAFT_07 } from "./adaptive/adaptiveSchema.js"
import { PATH_MAX, PATH_PATTERN } from "./structure/paths.js"

export const SITE_TITLE_MIN = 2
export const SITE_TITLE_MAX = 128
/** A section's title when it is created (the seed: at most 64), and afterwards (2..128). */
export const SECTION_TITLE_CREATE_MAX = 64
export const SECTION_TITLE_MAX = 128
export const SECTION_DESCRIPTION_MAX = 256
export const GROUP_TITLE_MAX = 100
export const ICON_MAX = 50
export const CONDITION_MAX = 1024
export const SHARE_LINK_NAME_MAX = 50
export const PROXY_MAX = 512
/** The official `SiteProxyOrigin` pattern: a host and one or more path segments, no scheme. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/
/** The most spaces a new site may start with, and sections a new group may take. */
export const SPACES_ON_CREATE_MAX = 100
/** An id named in a body: as long as any id can be. */
export const ID_MAX = 64

const Id = maxLength(ID_MAX)
const SiteTitle = lengthBetween(SITE_TITLE_MIN, SITE_TITLE_MAX)
const Icon = maxLength(ICON_MAX)
const Condition = lengthBetween(1, CONDITION_MAX)

/** A section's or site space's path, and a site's basename: 1..100 URL-safe characters, no slash. */
export const SitePath = lengthBetween(1, PATH_MAX).pipe(
  Schema.filter((s) => PATH_PATTERN.test(s), {
    message: () => "must be letters, digits, '.', '_', '~' or '-', starting with a letter or digit"
  })
)

export const CreateSiteInput = Schema.Struct({
  type: Schema.optional(SiteType),
  title: Schema.optional(SiteTitle),
  visibility: Schema.optional(SiteVisibility),
  spaces: Schema.optional(
    Schema.Array(Id).pipe(Schema.maxItems(SPACES_ON_CREATE_MAX, { message: () => `must name at most ${SPACES_ON_CREATE_MAX} spaces` }))
  )
})
export type CreateSiteInput = typeof CreateSiteInput.Encoded

export const UpdateSiteInput = Schema.Struct({
  title: Schema.optional(SiteTitle),
  visibility: Schema.optional(SiteVisibility),
  basename: Schema.optional(SitePath),
  adaptiveContent: Schema.optional(Schema.Struct({ enabled: Schema.Boolean })),
  defaultLevel: Schema.optional(DefaultLevel),
  defaultSiteSpace: Schema.optional(Id),
  defaultSiteSection: Schema.optional(Id),
  proxy: Schema.optional(
    Schema.NullOr(
      maxLength(PROXY_MAX).pipe(
        Schema.filter((s) => PROXY_PATTERN.test(s), { message: () => "must be a host and a path, like company.com/docs" })
      )
    )
  )
})
export type UpdateSiteInput = typeof UpdateSiteInput.Encoded

/** A claim as the document describes it: a described boolean (the official shape). */
const claimDocument = {
  type: "object",
  properties: { type: { type: "string", enum: ["boolean"] }, description: { type: "string" } },
  required: ["type", "description"],
  additionalProperties: false
}

/**
 * The visitor schema as the OpenAPI document describes it (the official `SiteAdaptiveJSONSchema`,
 * signed claims only): any JSON is decoded, and `checkAdaptiveSchema` refuses what breaks the rules.
 */
const AdaptiveJsonSchema = Schema.Unknown.annotations({
  identifier: "SiteAdaptiveJSONSchema",
  jsonSchema: {
    type: "object",
    description: "JSON schema (draft-07) of the claims a site's visitors present: booleans, signed or under `unsigned`.",
    properties: {
      $schema: { type: "string", enum: [DRAFT_07] },
      type: { type: "string", enum: ["object"] },
      properties: { type: "object", additionalProperties: claimDocument },
      additionalProperties: { type: "boolean", enum: [false] }
    },
    required: ["type", "properties", "additionalProperties"],
    additionalProperties: false
  }
})

export const UpdateAdaptiveSchemaInput = Schema.Struct({ jsonSchema: AdaptiveJsonSchema })
export type UpdateAdaptiveSchemaInput = typeof UpdateAdaptiveSchemaInput.Encoded

export const ListSitesQuery = Schema.Struct({
  space: Schema.optional(Id),
  title: Schema.optional(maxLength(SITE_TITLE_MAX)),
  published: Schema.optional(Schema.Boolean)
})
export type ListSitesQuery = typeof ListSitesQuery.Encoded

export const AddSectionInput = Schema.Struct({
  /** The official schema also takes `null` (a new space); Quire adds existing spaces only. */
  spaceId: Id,
  title: Schema.optional(Schema.NullOr(lengthBetween(2, SECTION_TITLE_CREATE_MAX))),
  icon: Schema.optional(Schema.NullOr(Icon)),
  siteSectionGroupId: Schema.optional(Id)
})
export type AddSectionInput = typeof AddSectionInput.Encoded

export const UpdateSectionInput = Schema.Struct({
  title: Schema.optional(lengthBetween(2, SECTION_TITLE_MAX)),
  path: Schema.optional(SitePath),
  defaultSiteSpace: Schema.optional(Id),
  condition: Schema.optional(Schema.NullOr(Condition)),
  icon: Schema.optional(Schema.NullOr(Icon)),
  description: Schema.optional(Schema.NullOr(maxLength(SECTION_DESCRIPTION_MAX))),
  siteSectionGroupId: Schema.optional(Schema.NullOr(Id))
})
export type UpdateSectionInput = typeof UpdateSectionInput.Encoded

export const AddSiteSpaceInput = Schema.Struct({
  spaceId: Id,
  sectionId: Schema.optional(Id)
})
export type AddSiteSpaceInput = typeof AddSiteSpaceInput.Encoded

export const UpdateSiteSpaceInput = Schema.Struct({
  path: Schema.optional(SitePath),
  condition: Schema.optional(Schema.NullOr(Condition))
})
export type UpdateSiteSpaceInput = typeof UpdateSiteSpaceInput.Encoded

export const MoveSectionInput = Schema.Struct({
  position: Schema.optional(
    Schema.Struct({
      before: Schema.optional(Schema.Struct({ type: Schema.Literal("site-section"), siteSection: Id })),
      after: Schema.optional(Schema.Struct({ type: Schema.Literal("site-section"), siteSection: Id }))
    })
  )
})
export type MoveSectionInput = typeof MoveSectionInput.Encoded

export const MoveSiteSpaceInput = Schema.Struct({
  position: Schema.optional(
    Schema.Struct({
      before: Schema.optional(Schema.Struct({ type: Schema.Literal("site-space"), siteSpace: Id })),
      after: Schema.optional(Schema.Struct({ type: Schema.Literal("site-space"), siteSpace: Id }))
    })
  )
})
export type MoveSiteSpaceInput = typeof MoveSiteSpaceInput.Encoded

const GroupPointer = Schema.Struct({ type: Schema.Literal("site-section", "site-section-group"), id: Id })
export const MoveSectionGroupInput = Schema.Struct({
  position: Schema.optional(Schema.Struct({ before: Schema.optional(GroupPointer), after: Schema.optional(GroupPointer) }))
})
export type MoveSectionGroupInput = typeof MoveSectionGroupInput.Encoded

export const AddSectionGroupInput = Schema.Struct({
  title: lengthBetween(1, GROUP_TITLE_MAX),
  icon: Schema.optional(Schema.NullOr(Icon)),
  sections: Schema.optional(
    Schema.Array(Id).pipe(Schema.maxItems(SPACES_ON_CREATE_MAX, { message: () => `must name at most ${SPACES_ON_CREATE_MAX} sections` }))
  ),
  parent: Schema.optional(Id)
})
export type AddSectionGroupInput = typeof AddSectionGroupInput.Encoded

export const UpdateSectionGroupInput = Schema.Struct({
  title: Schema.optional(lengthBetween(1, GROUP_TITLE_MAX)),
  icon: Schema.optional(Schema.NullOr(Icon)),
  parentSectionGroupId: Schema.optional(Schema.NullOr(Id))
})
export type UpdateSectionGroupInput = typeof UpdateSectionGroupInput.Encoded

export const CreateShareLinkInput = Schema.Struct({ name: maxLength(SHARE_LINK_NAME_MAX) })
export type CreateShareLinkInput = typeof CreateShareLinkInput.Encoded

export const UpdateShareLinkInput = Schema.Struct({
  active: Schema.optional(Schema.Boolean),
  name: Schema.optional(maxLength(SHARE_LINK_NAME_MAX))
})
export type UpdateShareLinkInput = typeof UpdateShareLinkInput.Encoded

export const ListShareLinksQuery = Schema.Struct({ search: Schema.optional(maxLength(SHARE_LINK_NAME_MAX)) })
export type ListShareLinksQuery = typeof ListShareLinksQuery.Encoded

/** Who reads a published site: a share key, a visitor's JWT, or neither. */
export const PublishedQuery = Schema.Struct({
  shareKey: Schema.optional(maxLength(ID_MAX)),
  visitorToken: Schema.optional(maxLength(8192))
})
export type PublishedQuery = typeof PublishedQuery.Encoded
