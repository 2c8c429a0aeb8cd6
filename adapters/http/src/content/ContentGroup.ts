import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  ListOf,
  RevisionFileSchema,
  RevisionPageSchema,
  RevisionPagesSchema,
  RevisionSchema,
  RevisionSemanticChangesSchema
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { withCommonErrors } from "../shared/endpoints.js"
import { fileId, Limit, pageId, pagePath, UrlText } from "../params.js"
import { FilesQuery, PageByPathQuery, PageQuery, RevisionParams } from "./contentQueries.js"
import { type ScopeName, scopedGet } from "./scopes.js"

/**
 * Each read of content, declared once as a function of its scope (see `scopedGet`); the group
 * adds it in each scope the official API serves it in, by the official operationId and summary.
 */
const revision = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "", {}).setUrlParams(Schema.Struct(RevisionParams)).addSuccess(RevisionSchema)

const pages = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/pages", {}).setUrlParams(Schema.Struct(RevisionParams)).addSuccess(RevisionPagesSchema)

const pageById = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/page/:pageId", { pageId }).setUrlParams(PageQuery).addSuccess(RevisionPageSchema)

const pageByPath = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/path/:pagePath", { pagePath }).setUrlParams(PageByPathQuery).addSuccess(RevisionPageSchema)

const files = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/files", {}).setUrlParams(FilesQuery).addSuccess(ListOf(RevisionFileSchema))

const fileById = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/files/:fileId", { fileId }).setUrlParams(Schema.Struct(RevisionParams)).addSuccess(RevisionFileSchema)

/** `limit` of the changes (the official default: 10). */
const changesLimit = { limit: Schema.optional(Limit.annotations({ default: 10 })) }

/** The changes a revision or a change request makes; the official query of a revision's also has the reads' parameters. */
const changes = <const Name extends string, Scope extends ScopeName, Query extends Schema.Struct.Fields>(
  name: Name,
  scope: Scope,
  query: Query
) =>
  scopedGet(name, scope, "/changes", {}, "owner")
    // Typed by `limit` alone, the one the handlers read: the compiler cannot check a generic query against "encodes to strings".
    .setUrlParams(Schema.Struct({ ...query, ...changesLimit }) as unknown as Schema.Struct<typeof changesLimit>)
    .addSuccess(RevisionSemanticChangesSchema)

/** The file's name, as its `downloadURL` ends: it names the download only; the file is `fileId`. */
const fileName = UrlText

/** The bytes, with the file's own `Content-Type` (documented as any bytes). */
const FileBytes = HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }).annotations({
  description: "The file's bytes, with its content type; ETag: its sha256"
})

/**
 * Where every file's `downloadURL` points: the bytes of an uploaded file (not in the official
 * spec, whose files are downloaded from GitBook's storage). `If-None-Match` naming its ETag: 304.
 */
const download = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/files/:fileId/:fileName", { fileId, fileName })
    .setHeaders(Schema.Struct({ "if-none-match": Schema.optional(Schema.String) }))
    .addSuccess(FileBytes)
    .addSuccess(HttpApiSchema.Empty(304))

/**
 * Content in its three scopes (see `ContentScope`): a space's current content, a change
 * request's, and a revision of a space named by id, with the same shapes and query parameters.
 */
export class ContentGroup extends withCommonErrors(
  HttpApiGroup.make("content", { topLevel: true })
    .add(revision("getCurrentRevision", "Space").annotate(OpenApi.Summary, "Get the current published content revision of a space"))
    .add(
      revision("getRevisionOfChangeRequestById", "ChangeRequest").annotate(
        OpenApi.Summary,
        "Get the latest content revision of a change request"
      )
    )
    .add(revision("getRevisionById", "Revision").annotate(OpenApi.Summary, "Get a specific historical revision of a space"))
    .add(pages("listPages", "Space").annotate(OpenApi.Summary, "List all pages in a space with their hierarchy and metadata"))
    .add(pages("listPagesInChangeRequest", "ChangeRequest").annotate(OpenApi.Summary, "List all pages in a change request as a flat list"))
    .add(
      pages("listPagesInRevisionById", "Revision").annotate(OpenApi.Summary, "List all pages in a specific historical revision of a space")
    )
    .add(pageById("getPageById", "Space").annotate(OpenApi.Summary, "Get a single page from a space by its ID"))
    .add(pageById("getPageInChangeRequestById", "ChangeRequest").annotate(OpenApi.Summary, "Get a page in a change request by its ID"))
    .add(
      pageById("getPageInRevisionById", "Revision").annotate(OpenApi.Summary, "Get a page from a specific historical revision by its page ID")
    )
    .add(pageByPath("getPageByPath", "Space").annotate(OpenApi.Summary, "Get a page from a space by its URL path"))
    .add(
      pageByPath("getPageInChangeRequestByPath", "ChangeRequest").annotate(OpenApi.Summary, "Get a page in a change request by its URL path")
    )
    .add(
      pageByPath("getPageInRevisionByPath", "Revision").annotate(
        OpenApi.Summary,
        "Get a page from a specific historical revision by its URL path"
      )
    )
    .add(files("listFiles", "Space").annotate(OpenApi.Summary, "List all uploaded files and assets in a space"))
    .add(
      files("listFilesInChangeRequestById", "ChangeRequest").annotate(
        OpenApi.Summary,
        "List all files (images/attachments) in a change request"
      )
    )
    .add(
      files("listFilesInRevisionById", "Revision").annotate(OpenApi.Summary, "List all files (images, assets) in a specific space revision")
    )
    .add(fileById("getFileById", "Space").annotate(OpenApi.Summary, "Get a specific uploaded file from a space by its ID"))
    .add(fileById("getFileInChangeRequestById", "ChangeRequest").annotate(OpenApi.Summary, "Get a specific file in a change request by its ID"))
    .add(fileById("getFileInRevisionById", "Revision").annotate(OpenApi.Summary, "Get a specific file from a space revision by its file ID"))
    .add(
      changes("getRevisionSemanticChanges", "Revision", RevisionParams)
        .annotate(OpenApi.Summary, "Get semantic content changes introduced by a revision")
        .annotate(
          OpenApi.Description,
          "The semantic changes the revision made against its first parent (for a merge, the space's revision " +
            "before it; a revision without parents, against no content). At most `limit` (1 to 1000, default 10); " +
            "`more` counts the changes left out, and `mergedFrom` names the change request whose merge made it."
        )
    )
    .add(
      changes("getChangeRequestChanges", "ChangeRequest", {})
        .annotate(OpenApi.Summary, "List semantic content changes in a change request vs its base")
        .annotate(
          OpenApi.Description,
          "The semantic changes the change request makes: from its merge base (the space's revision it last took " +
            "the space's content from) to its content, so what the space did since is not counted. At most `limit` " +
            "(1 to 1000, default 10); `more` counts the changes left out."
        )
    )
    .add(download("downloadFileById", "Space").annotate(OpenApi.Summary, "Download the bytes of an uploaded file of a space"))
    .add(
      download("downloadChangeRequestFileById", "ChangeRequest").annotate(
        OpenApi.Summary,
        "Download the bytes of an uploaded file of a change request"
      )
    )
).middleware(Authentication) {}
