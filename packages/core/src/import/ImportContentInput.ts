import { Schema } from "effect"
import { ImportSource } from "./sources.js"
import { isHttpUrl } from "../shared/httpUrl.js"

/** An absolute `http(s)` URL (the fetcher refuses any other kind; refused here first, naming `url`). */
const ImportUrl = Schema.String.pipe(
  Schema.maxLength(2048, { message: () => "must be at most 2048 characters" }),
  Schema.filter(isHttpUrl, { message: () => "must be an absolute http(s) URL" })
).annotations({ format: "uri", description: "The URL of the content to import" })

/** The body of `importContent` and `importChangeRequestContent`. */
export const ImportContentInput = Schema.Struct({
  url: ImportUrl,
  source: ImportSource.annotations({ description: "What the URL holds" })
}).annotations({ identifier: "ImportContentInput" })
export type ImportContentInput = typeof ImportContentInput.Encoded

/** What an import answers (201). */
export const ImportContentResult = Schema.Struct({
  revision: Schema.String.annotations({ description: "The revision the import made" }),
  importedResources: Schema.Number.annotations({ description: "Pages and files written" }),
  totalResources: Schema.Number.annotations({ description: "Pages and files found in the source" })
}).annotations({ identifier: "ImportContentResult" })
export type ImportContentResult = typeof ImportContentResult.Type
