import { Schema } from "effect"

/** The most changes one batch may hold (official `updateChangeRequestContent`). */
export const MAX_CHANGES = 50
/** The most files one `insert_files` change may hold. */
export const MAX_FILES_PER_CHANGE = 20
/** The most bytes a `base64` file may decode to (1 MB). */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024

/**
 * A page's slug in its parent (official `RevisionPageSlug`, at most 100 characters). Quire
 * also refuses the empty slug and `/`, `#`, `?`, white space, `.` and `..`: any of them
 * would make page paths ambiguous.
 */
export const PageSlug = Schema.String.pipe(
  Schema.minLength(1, { message: () => "must not be empty" }),
  Schema.maxLength(100, { message: () => "must be at most 100 characters" }),
  Schema.pattern(/^[^/#?\s]+$/u, { message: () => "must not contain `/`, `#`, `?` or white space" }),
  Schema.filter((slug) => slug !== "." && slug !== "..", { message: () => "must not be `.` or `..`" })
)

const Emoji = Schema.String.pipe(Schema.maxLength(50, { message: () => "must be at most 50 characters" }))
const Icon = Schema.String.pipe(Schema.maxLength(50, { message: () => "must be at most 50 characters" }))
const Title = Schema.String.pipe(
  Schema.minLength(1, { message: () => "must not be empty" }),
  Schema.filter((title) => title.trim() !== "", { message: () => "must not be only white space" })
)
const Index = Schema.Int.pipe(Schema.greaterThanOrEqualTo(0, { message: () => "must be an integer of at least 0" }))

/** The official `RevisionPageUpdate`: metadata an insert or update may set. */
export const PageFieldsInput = Schema.Struct({
  title: Schema.optional(Title),
  slug: Schema.optional(PageSlug),
  /** Empty removes it. */
  emoji: Schema.optional(Emoji),
  /** Empty removes it. */
  icon: Schema.optional(Icon),
  description: Schema.optional(Schema.String),
  hidden: Schema.optional(Schema.Boolean),
  noIndex: Schema.optional(Schema.Boolean),
  noRobotsIndex: Schema.optional(Schema.Boolean),
  /** Empty removes it. */
  condition: Schema.optional(Schema.String)
})
export type PageFieldsInput = typeof PageFieldsInput.Type

/**
 * The official `Document`: markdown, a JSON document, or empty. Quire keeps documents as
 * markdown, so a JSON document is refused when the batch is applied (with that reason).
 */
export const DocumentInput = Schema.Struct({
  markdown: Schema.optional(Schema.String),
  // Described, not `unknown`: every `unknown` gets the same JSON Schema `$id`, which an OpenAPI
  // document may not hold twice (insert_page and update_page both take a document).
  document: Schema.optional(
    Schema.Unknown.annotations({
      jsonSchema: { type: "object", description: "The official JSON document; refused (Quire keeps documents as markdown)." }
    })
  )
})
export type DocumentInput = typeof DocumentInput.Type

export const InsertPageChange = Schema.Struct({
  operation: Schema.Literal("insert_page"),
  ...PageFieldsInput.fields,
  into: Schema.optional(Schema.String),
  at: Schema.optional(Index),
  ref: Schema.optional(Schema.String.pipe(Schema.minLength(1, { message: () => "must not be empty" }))),
  document: DocumentInput
})
export type InsertPageChange = typeof InsertPageChange.Type

export const UpdatePageChange = Schema.Struct({
  operation: Schema.Literal("update_page"),
  ...PageFieldsInput.fields,
  page: Schema.String,
  document: Schema.optional(DocumentInput),
  /** `null`: the root level; absent: the parent stays. */
  into: Schema.optional(Schema.NullOr(Schema.String)),
  at: Schema.optional(Index)
})
export type UpdatePageChange = typeof UpdatePageChange.Type

export const DeletePageChange = Schema.Struct({
  operation: Schema.Literal("delete_page"),
  page: Schema.String
})
export type DeletePageChange = typeof DeletePageChange.Type

export const RevertPageChange = Schema.Struct({
  operation: Schema.Literal("revert_page"),
  page: Schema.String,
  revision: Schema.optional(Schema.String),
  block: Schema.optional(Schema.Array(Schema.String))
})
export type RevertPageChange = typeof RevertPageChange.Type

export const FileInput = Schema.Struct({
  ref: Schema.optional(Schema.String.pipe(Schema.minLength(1, { message: () => "must not be empty" }))),
  name: Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(256, { message: () => "must be at most 256 characters" })
  ),
  contentType: Schema.optional(Schema.String),
  url: Schema.optional(Schema.String.pipe(Schema.maxLength(2048, { message: () => "must be at most 2048 characters" }))),
  base64: Schema.optional(Schema.String)
})
export type FileInput = typeof FileInput.Type

export const InsertFilesChange = Schema.Struct({
  operation: Schema.Literal("insert_files"),
  files: Schema.Array(FileInput).pipe(
    Schema.minItems(1, { message: () => "must list at least one file" }),
    Schema.maxItems(MAX_FILES_PER_CHANGE, { message: () => `must list at most ${MAX_FILES_PER_CHANGE} files` })
  )
})
export type InsertFilesChange = typeof InsertFilesChange.Type

/** One change of the official `ChangeRequestContentChange`. */
export const ContentChange = Schema.Union(InsertPageChange, UpdatePageChange, DeletePageChange, RevertPageChange, InsertFilesChange)
export type ContentChange = typeof ContentChange.Type
export type ContentChangeInput = typeof ContentChange.Encoded

/** The body of `updateChangeRequestContent`: 1 to 50 changes. */
export const ContentChangesInput = Schema.Struct({
  changes: Schema.Array(ContentChange).pipe(
    Schema.minItems(1, { message: () => "must hold at least one change" }),
    Schema.maxItems(MAX_CHANGES, { message: () => `must hold at most ${MAX_CHANGES} changes` })
  )
})
