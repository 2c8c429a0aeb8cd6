import { Schema } from "effect"
import { ChangeRequest, RevisionFileSchema } from "../change-requests/ChangeRequest.js"
import { AnyValue } from "../shared/AnyValue.js"

/**
 * The content engine's rendered objects as schemas, by the official components' names. They
 * are loose (the fields every variant has, the rest kept as they are): the engine renders them
 * (`content/tree/render/wire.ts` has their exact types), and the e2e suite checks the answers
 * against the official spec.
 */
const rest = Schema.Record({ key: Schema.String, value: AnyValue })

/** The official `RevisionPage`: a document, group, link or computed page, with its subpages. */
export const RevisionPageSchema = Schema.Struct(
  {
    id: Schema.String,
    title: Schema.String,
    type: Schema.Literal("document", "group", "link", "computed")
  },
  rest
).annotations({ identifier: "RevisionPage" })

/** The official `Revision` (its variants by `type`; a `merge` names the change request it came from). */
export const RevisionSchema = Schema.Struct(
  {
    object: Schema.Literal("revision"),
    id: Schema.String,
    parents: Schema.Array(Schema.String),
    type: Schema.Literal("edits", "merge", "rollback", "update", "computed"),
    pages: Schema.Array(RevisionPageSchema),
    files: Schema.Array(RevisionFileSchema),
    reusableContents: Schema.Array(Schema.Struct({ id: Schema.String, title: Schema.String }, rest)),
    tags: Schema.Array(AnyValue),
    createdAt: Schema.String,
    urls: Schema.Struct({ app: Schema.String }),
    mergedFrom: Schema.optional(ChangeRequest)
  },
  rest
).annotations({ identifier: "Revision" })

/** The answer of `listPages` and its twins. */
export const RevisionPagesSchema = Schema.Struct({ pages: Schema.Array(RevisionPageSchema) })
