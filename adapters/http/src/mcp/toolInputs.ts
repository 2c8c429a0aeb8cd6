import {
  ChangeRequestListQuery,
  ContentChangesInput,
  CreateChangeRequestInput,
  OrganizationId,
  PostCommentInput,
  SpaceId
} from "@quire/core"
import { Schema } from "effect"
import { ChangeRequestRefText, UrlText } from "../params.js"

/**
 * The MCP tools' inputs: the REST operation's path parameters as fields, beside the very body
 * or query schema the REST operation decodes (`...X.fields`), so a tool obeys the same limits
 * and its JSON Schema (`JSONSchema.make`) says them.
 */

/** `page` and `limit` as every list takes them; the core checks the range of `limit` (1 to `MAX_LIMIT`). */
const PageFields = {
  page: Schema.optional(UrlText.annotations({ description: "The `next.page` token of a previous answer" })),
  limit: Schema.optional(Schema.Number.annotations({ description: "How many items to answer" }))
}

const organizationId = OrganizationId.annotations({ description: "The organization's id" })
const spaceId = SpaceId.annotations({ description: "The space's id" })
/** A change request by its number in the space (`3`) or its id. */
const changeRequestId = Schema.Union(Schema.Int, ChangeRequestRefText).annotations({
  description: "The change request's number in the space, or its id"
})

export const ListOrganizationsInput = Schema.Struct({ ...PageFields })

export const ListSpacesInput = Schema.Struct({ organizationId, ...PageFields })

export const ListChangeRequestsInput = Schema.Struct({ spaceId, ...ChangeRequestListQuery.fields, ...PageFields })

/** A page of a space's content, or of a change request's: by id or by path (one of the two). */
export const ReadPageInput = Schema.Struct({
  spaceId,
  changeRequestId: Schema.optional(changeRequestId),
  pageId: Schema.optional(UrlText.annotations({ description: "The page's id" })),
  path: Schema.optional(UrlText.annotations({ description: "The page's path, such as `guides/install` (one of `pageId` and `path`)" }))
})

/** A search of one space, or of every space of an organization the caller may read (one of the two). */
export const SearchInput = Schema.Struct({
  query: UrlText.annotations({ description: "The words to search for" }),
  organizationId: Schema.optional(organizationId),
  spaceId: Schema.optional(spaceId),
  ...PageFields
})

export const CreateChangeRequestToolInput = Schema.Struct({ spaceId, ...CreateChangeRequestInput.fields })

/** `updateChangeRequestContent`'s batch, all or nothing. */
export const EditPagesInput = Schema.Struct({ spaceId, changeRequestId, ...ContentChangesInput.fields })

/** A comment on the space's content, or on a change request's when `changeRequestId` is given. */
export const CommentInput = Schema.Struct({
  spaceId,
  changeRequestId: Schema.optional(changeRequestId),
  ...PostCommentInput.fields
})

export const MergeChangeRequestInput = Schema.Struct({ spaceId, changeRequestId })
