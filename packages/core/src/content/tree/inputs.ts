import { Schema } from "effect"

/** The most changes one batch may hold (official `updateChangeRequestContent`). */
export const MAX_CHANGES = 50
/** The most files one `insert_files` change may hold. */
export const MAX_FILES_PER_CHANGE = 20
/** The most bytes a `base64` file may decode to (1 MB). */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024

/*
 * Limits of the free-text fields of a change, in UTF-16 code units (JavaScript's `length`).
 * Where the official spec states a limit, it is that one.
 */

/** A page's slug (official `RevisionPageSlug`). */
export const MAX_SLUG_LENGTH = 100
/** A page's title. The official spec states none; a title is a heading, not a paragraph. */
export const MAX_TITLE_LENGTH = 256
/** A page's description (official `InputPageDocument.description`). */
export const MAX_DESCRIPTION_LENGTH = 300
/** A page's adaptive-content condition (official `Expression`). */
export const MAX_CONDITION_LENGTH = 1024
/** A page's emoji or icon (official `Emoji`, `Icon`). */
export const MAX_EMOJI_LENGTH = 50
/** A batch-local `ref` of a page or a file. The official spec states none; a file's name may be as long. */
export const MAX_REF_LENGTH = 256
/** An id named by a change (`page`, `into`, `revision`, a `block` key): Quire's ids are 20 characters. */
export const MAX_ID_LENGTH = 100
/** A file's name (official). */
export const MAX_FILE_NAME_LENGTH = 256
/** A file's source URL (official `URL`). */
export const MAX_FILE_URL_LENGTH = 2048
/** A file's media type: 127 characters a name (RFC 6838), 255 in all. */
export const MAX_CONTENT_TYPE_LENGTH = 255
/**
 * A `base64` file's text before decoding: 1 MB encoded, with room for a line break (CRLF) every
 * 76 characters, as MIME writes it. Whether the bytes fit `MAX_INLINE_FILE_BYTES` is checked
 * when decoding.
 */
export const MAX_BASE64_LENGTH = (() => {
  const encoded = Math.ceil(MAX_INLINE_FILE_BYTES / 3) * 4
  return encoded + Math.ceil(encoded / 76) * 2
})()

/** A string of at most `max` characters. */
const Text = (max: number) => Schema.String.pipe(Schema.maxLength(max, { message: () => `must be at most ${max} characters` }))
/** A string of 1 to `max` characters. */
const NonEmptyText = (max: number) =>
  Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` })
  )

/** A restricted name of RFC 6838: a letter or digit, then up to 126 of these. */
const MEDIA_NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}"
/** A token of RFC 9110. */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+"
/** A quoted string of RFC 9110, printable ASCII only (a header value is bytes, not text). */
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"'
/**
 * `type/subtype` and optional `; name=value` parameters: what a `Content-Type` header may
 * carry as it is. Linear: no two repetitions can match the same character.
 */
export const MEDIA_TYPE_PATTERN = new RegExp(`^${MEDIA_NAME}/${MEDIA_NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`)

/** Whether `text` is a media type Quire takes, and so may send as a `Content-Type` header. */
export const isMediaType = (text: string): boolean => text.length <= MAX_CONTENT_TYPE_LENGTH && MEDIA_TYPE_PATTERN.test(text)

/** A file's `contentType`. */
export const MediaType = Text(MAX_CONTENT_TYPE_LENGTH).pipe(
  Schema.pattern(MEDIA_TYPE_PATTERN, { message: () => "must be a media type, such as `image/png` or `text/plain; charset=utf-8`" })
)

/** An id a change names. */
const NamedId = Text(MAX_ID_LENGTH)
const Ref = NonEmptyText(MAX_REF_LENGTH)

/**
 * A page's slug in its parent (official `RevisionPageSlug`, at most 100 characters). Quire
 * also refuses the empty slug and `/`, `#`, `?`, white space, `.` and `..`: any of them
 * would make page paths ambiguous.
 */
export const PageSlug = NonEmptyText(MAX_SLUG_LENGTH).pipe(
  Schema.pattern(/^[^/#?\s]+$/u, { message: () => "must not contain `/`, `#`, `?` or white space" }),
  Schema.filter((slug) => slug !== "." && slug !== "..", { message: () => "must not be `.` or `..`" })
)

const Emoji = Text(MAX_EMOJI_LENGTH)
const Icon = Text(MAX_EMOJI_LENGTH)
const Title = NonEmptyText(MAX_TITLE_LENGTH).pipe(
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
  description: Schema.optional(Text(MAX_DESCRIPTION_LENGTH)),
  hidden: Schema.optional(Schema.Boolean),
  noIndex: Schema.optional(Schema.Boolean),
  noRobotsIndex: Schema.optional(Schema.Boolean),
  /** Empty removes it. */
  condition: Schema.optional(Text(MAX_CONDITION_LENGTH))
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
  into: Schema.optional(NamedId),
  at: Schema.optional(Index),
  ref: Schema.optional(Ref),
  document: DocumentInput
})
export type InsertPageChange = typeof InsertPageChange.Type

export const UpdatePageChange = Schema.Struct({
  operation: Schema.Literal("update_page"),
  ...PageFieldsInput.fields,
  page: NamedId,
  document: Schema.optional(DocumentInput),
  /** `null`: the root level; absent: the parent stays. */
  into: Schema.optional(Schema.NullOr(NamedId)),
  at: Schema.optional(Index)
})
export type UpdatePageChange = typeof UpdatePageChange.Type

export const DeletePageChange = Schema.Struct({
  operation: Schema.Literal("delete_page"),
  page: NamedId
})
export type DeletePageChange = typeof DeletePageChange.Type

export const RevertPageChange = Schema.Struct({
  operation: Schema.Literal("revert_page"),
  page: NamedId,
  revision: Schema.optional(NamedId),
  block: Schema.optional(Schema.Array(NamedId))
})
export type RevertPageChange = typeof RevertPageChange.Type

export const FileInput = Schema.Struct({
  ref: Schema.optional(Ref),
  name: NonEmptyText(MAX_FILE_NAME_LENGTH),
  contentType: Schema.optional(MediaType),
  url: Schema.optional(Text(MAX_FILE_URL_LENGTH)),
  /** Its length is checked before it is decoded. */
  base64: Schema.optional(Text(MAX_BASE64_LENGTH))
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
