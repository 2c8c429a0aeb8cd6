import { Schema } from "effect"

/**
 * The wire shapes of the seed's link lists (no official component describes them). A link's
 * `targetReference` and `locationReferences` are the official `ContentRef` shapes (ids, not
 * objects), with `space` always set.
 */

/** `ok`, `broken` (the revision holds no such page or file) or `in-app` (a URL into Quire itself). */
export const LinkStatusSchema = Schema.Literal("ok", "broken", "in-app").annotations({
  identifier: "LinkStatus",
  // Overrides each literal's own "Expected ..." with one rule naming them all.
  message: () => ({ message: "must be ok, broken or in-app", override: true })
})

const LinkTargetURL = Schema.Struct({ kind: Schema.Literal("url"), url: Schema.String }).annotations({ identifier: "LinkTargetURL" })
const LinkTargetPage = Schema.Struct({ kind: Schema.Literal("page"), space: Schema.String, page: Schema.String }).annotations({
  identifier: "LinkTargetPage"
})
const LinkTargetAnchor = Schema.Struct({
  kind: Schema.Literal("anchor"),
  space: Schema.String,
  page: Schema.String,
  anchor: Schema.String
}).annotations({ identifier: "LinkTargetAnchor" })
const LinkTargetFile = Schema.Struct({ kind: Schema.Literal("file"), space: Schema.String, file: Schema.String }).annotations({
  identifier: "LinkTargetFile"
})

/** What a link points at: a URL, a page (or an anchor in one), or a file, of the space read. */
export const LinkTargetReference = Schema.Union(LinkTargetURL, LinkTargetPage, LinkTargetAnchor, LinkTargetFile)
export type LinkTargetReference = typeof LinkTargetReference.Type

/** A page a link appears in. */
export const LinkLocation = LinkTargetPage
export type LinkLocation = typeof LinkLocation.Type

/** One distinct target and the pages whose documents point at it. `relation` is never set. */
export const Link = Schema.Struct({
  status: LinkStatusSchema,
  targetReference: LinkTargetReference,
  locationReferences: Schema.Array(LinkLocation)
}).annotations({ identifier: "Link" })
export type Link = typeof Link.Type

/**
 * Of the links listed (every status, whatever `status` filters): how many, how many are
 * broken, and how many of those a change request introduced (0 outside change requests).
 */
export const LinkStatsSchema = Schema.Struct({
  total: Schema.Number,
  broken: Schema.Struct({ total: Schema.Number, changeRequest: Schema.Number })
}).annotations({ identifier: "LinkStats" })

/** The list envelope, with `stats`. */
export const LinkList = Schema.Struct({
  next: Schema.optional(Schema.Struct({ page: Schema.String })),
  count: Schema.Number,
  items: Schema.Array(Link),
  stats: LinkStatsSchema
}).annotations({ identifier: "LinkList" })
export type LinkList = typeof LinkList.Type

/**
 * A place a file is used: the file of a space's revision, and the page whose document points
 * at it (`page`, beyond the seed's shape, which names only the file).
 */
export const Backlink = Schema.Struct({
  kind: Schema.Literal("file"),
  organization: Schema.String,
  space: Schema.String,
  versionContext: Schema.Struct({ type: Schema.Literal("revision"), revision: Schema.String }),
  file: Schema.String,
  page: Schema.String
}).annotations({ identifier: "Backlink" })
export type Backlink = typeof Backlink.Type

export const BacklinkList = Schema.Struct({
  next: Schema.optional(Schema.Struct({ page: Schema.String })),
  count: Schema.Number,
  items: Schema.Array(Backlink)
}).annotations({ identifier: "BacklinkList" })
export type BacklinkList = typeof BacklinkList.Type

/** A link list's query: only the links of one status (every status when absent). */
export const LinkListQuery = Schema.Struct({ status: Schema.optionalWith(LinkStatusSchema, { exact: true }) })
export type LinkListQuery = typeof LinkListQuery.Encoded
