import { Schema } from "effect"

/**
 * The source breaks one of the import's bounds or rules: too large, a zip entry outside the
 * folder (`../`, an absolute path), too many entries, a zip bomb. Known from the bytes alone,
 * so 400 when the request carries them; otherwise the reason a failed job shows.
 */
export class ImportRefused extends Schema.TaggedError<ImportRefused>()("ImportRefused", {
  message: Schema.String
}) {
  static readonly status = 400 as const
}

/** The bytes are not what the source says: not a zip, not a .docx, not UTF-8 text. 400 as above. */
export class UnreadableSource extends Schema.TaggedError<UnreadableSource>()("UnreadableSource", {
  message: Schema.String
}) {
  static readonly status = 400 as const
}

/** The source holds no page: an empty file, a page with no text, a zip without markdown. */
export class NothingToImport extends Schema.TaggedError<NothingToImport>()("NothingToImport", {
  message: Schema.String
}) {
  static readonly status = 400 as const
}

export type ImportError = ImportRefused | UnreadableSource | NothingToImport
