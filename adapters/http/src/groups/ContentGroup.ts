import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { AnyValue, ChangeRequest, ListOf, RevisionFileSchema } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { fileId, pageId, pagePath, revisionId, spaceId } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"
import { FilesQuery, PageByPathQuery, PageQuery, RevisionParams } from "./contentParams.js"

/**
 * The content engine's rendered objects, described by the official components' names. They
 * are loose (the fields every variant has, the rest kept as they are): answers are written
 * as the engine rendered them (`json`), and the e2e suite checks them against the official spec.
 */
const anything = AnyValue
const rest = Schema.Record({ key: Schema.String, value: anything })

/** The official `RevisionPage`: a document, group, link or computed page, with its subpages. */
export const RevisionPage = Schema.Struct(
  {
    id: Schema.String,
    title: Schema.String,
    type: Schema.Literal("document", "group", "link", "computed")
  },
  rest
).annotations({ identifier: "RevisionPage" })

/** The official `Revision` (its variants by `type`; a `merge` names the change request it came from). */
export const Revision = Schema.Struct(
  {
    object: Schema.Literal("revision"),
    id: Schema.String,
    parents: Schema.Array(Schema.String),
    type: Schema.Literal("edits", "merge", "rollback", "update", "computed"),
    pages: Schema.Array(RevisionPage),
    files: Schema.Array(RevisionFileSchema),
    reusableContents: Schema.Array(Schema.Struct({ id: Schema.String, title: Schema.String }, rest)),
    tags: Schema.Array(anything),
    createdAt: Schema.String,
    urls: Schema.Struct({ app: Schema.String }),
    mergedFrom: Schema.optional(ChangeRequest)
  },
  rest
).annotations({ identifier: "Revision" })

export const RevisionPages = Schema.Struct({ pages: Schema.Array(RevisionPage) })

export class ContentGroup extends withCommonErrors(HttpApiGroup.make("content", { topLevel: true })
  .add(
    HttpApiEndpoint.get("getCurrentRevision")`/spaces/${spaceId}/content`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(Revision)
      .annotate(OpenApi.Summary, "Get the current published content revision of a space")
  )
  .add(
    HttpApiEndpoint.get("listPages")`/spaces/${spaceId}/content/pages`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(RevisionPages)
      .annotate(OpenApi.Summary, "List all pages in a space with their hierarchy and metadata")
  )
  .add(
    HttpApiEndpoint.get("getPageById")`/spaces/${spaceId}/content/page/${pageId}`
      .setUrlParams(PageQuery)
      .addSuccess(RevisionPage)
      .annotate(OpenApi.Summary, "Get a single page from a space by its ID")
  )
  .add(
    HttpApiEndpoint.get("getPageByPath")`/spaces/${spaceId}/content/path/${pagePath}`
      .setUrlParams(PageByPathQuery)
      .addSuccess(RevisionPage)
      .annotate(OpenApi.Summary, "Get a page from a space by its URL path")
  )
  .add(
    HttpApiEndpoint.get("listFiles")`/spaces/${spaceId}/content/files`
      .setUrlParams(FilesQuery)
      .addSuccess(ListOf(RevisionFileSchema))
      .annotate(OpenApi.Summary, "List all uploaded files and assets in a space")
  )
  .add(
    HttpApiEndpoint.get("getFileById")`/spaces/${spaceId}/content/files/${fileId}`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(RevisionFileSchema)
      .annotate(OpenApi.Summary, "Get a specific uploaded file from a space by its ID")
  )
  .add(
    HttpApiEndpoint.get("getRevisionById")`/spaces/${spaceId}/revisions/${revisionId}`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(Revision)
      .annotate(OpenApi.Summary, "Get a specific historical revision of a space")
  )
  .add(
    HttpApiEndpoint.get("listPagesInRevisionById")`/spaces/${spaceId}/revisions/${revisionId}/pages`
      .setUrlParams(Schema.Struct(RevisionParams))
      .addSuccess(RevisionPages)
      .annotate(OpenApi.Summary, "List all pages in a specific historical revision of a space")
  )
  .add(
    HttpApiEndpoint.get("getPageInRevisionById")`/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}`
      .setUrlParams(PageQuery)
      .addSuccess(RevisionPage)
      .annotate(OpenApi.Summary, "Get a page from a specific historical revision by its page ID")
  )
)
  .middleware(Authentication) {}
