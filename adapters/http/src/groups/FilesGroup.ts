import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { changeRequestId, fileId, spaceId, UrlText } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"

/** The file's name, as its `downloadURL` ends: it names the download only; the file is `fileId`. */
const fileName = HttpApiSchema.param("fileName", UrlText)

/** The bytes, with the file's own `Content-Type` (documented as any bytes). */
const FileBytes = HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }).annotations({
  description: "The file's bytes, with its content type; ETag: its sha256"
})

/** `If-None-Match`: the ETags the caller holds; one of them matching the file's is 304, no body. */
const ConditionalHeaders = Schema.Struct({ "if-none-match": Schema.optional(Schema.String) })

/**
 * Where every file's `downloadURL` points: the bytes of an uploaded file (not in the official
 * spec, whose files are downloaded from GitBook's storage). Viewing the space is enough, as
 * for `getFileById`.
 */
export class FilesGroup extends withCommonErrors(
  HttpApiGroup.make("files", { topLevel: true })
    .add(
      HttpApiEndpoint.get("downloadFileById")`/spaces/${spaceId}/content/files/${fileId}/${fileName}`
        .setHeaders(ConditionalHeaders)
        .addSuccess(FileBytes)
        .addSuccess(HttpApiSchema.Empty(304))
        .annotate(OpenApi.Summary, "Download the bytes of an uploaded file of a space")
    )
    .add(
      HttpApiEndpoint.get("downloadChangeRequestFileById")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/${fileName}`
        .setHeaders(ConditionalHeaders)
        .addSuccess(FileBytes)
        .addSuccess(HttpApiSchema.Empty(304))
        .annotate(OpenApi.Summary, "Download the bytes of an uploaded file of a change request")
    )
).middleware(Authentication) {}
