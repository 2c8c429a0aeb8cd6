import { HttpApiGroup, OpenApi } from "@effect/platform"
import { BacklinkList, LinkList, LinkStatusSchema } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { type ScopeName, scopedGet } from "../content/scopes.js"
import { withCommonErrors } from "../shared/endpoints.js"
import { fileId, PageParams, pageId } from "../params.js"

/** A link list's query: `page`, `limit`, and only the links of one `status` (400 naming `status` for any other). */
const LinkQuery = Schema.Struct({ ...PageParams, status: Schema.optionalWith(LinkStatusSchema, { exact: true }) })
const BacklinkQuery = Schema.Struct(PageParams)

/** The links of a whole content. */
const links = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/links", {}, "owner").setUrlParams(LinkQuery).addSuccess(LinkList)

/** The links of one page. */
const pageLinks = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/page/:pageId/links", { pageId }).setUrlParams(LinkQuery).addSuccess(LinkList)

/** The pages that use a file. */
const fileBacklinks = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/files/:fileId/backlinks", { fileId }).setUrlParams(BacklinkQuery).addSuccess(BacklinkList)

/**
 * The seed's link operations, absent from the official spec (named here after its style): the
 * links of a space's content and of one page, and the pages that use a file, in the space's
 * current content or a change request's.
 */
export class LinksGroup extends withCommonErrors(
  HttpApiGroup.make("links", { topLevel: true })
    .add(links("listSpaceLinks", "Space").annotate(OpenApi.Summary, "List the links in the content of a space, with their status"))
    .add(pageLinks("listPageLinks", "Space").annotate(OpenApi.Summary, "List the links in a page of a space, with their status"))
    .add(fileBacklinks("listFileBacklinks", "Space").annotate(OpenApi.Summary, "List the pages of a space that use a file"))
    .add(
      pageLinks("listPageLinksInChangeRequest", "ChangeRequest").annotate(
        OpenApi.Summary,
        "List the links in a page of a change request, with their status"
      )
    )
    .add(
      fileBacklinks("listFileBacklinksInChangeRequest", "ChangeRequest").annotate(
        OpenApi.Summary,
        "List the pages of a change request that use a file"
      )
    )
).middleware(Authentication) {}
