import { HttpServerResponse } from "@effect/platform"
import type { FileWithBytes } from "@quire/core"
import { inlineDisposition } from "../contentDisposition.js"
import { downloadContentType } from "../fileContentType.js"

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 has it for this header), or is `*`. */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => {
    const trimmed = tag.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/**
 * The bytes, with the file's content type, its sha256 as a strong ETag, and its name. Files are
 * whatever was uploaded: served so that a browser opening one renders no active content from
 * the API's origin (`nosniff`, a sandboxing `Content-Security-Policy`). `private, no-cache`:
 * only the caller may keep it, and asks again (a 304 when it has not changed).
 */
export const fileDownload = (found: FileWithBytes, ifNoneMatch: string | undefined) => {
  const etag = `"${found.sha256}"`
  const headers = {
    etag,
    "cache-control": "private, no-cache",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox"
  }
  if (matches(ifNoneMatch, etag)) return HttpServerResponse.empty({ status: 304, headers })
  return HttpServerResponse.uint8Array(found.bytes, {
    contentType: downloadContentType(found.file.contentType),
    headers: { ...headers, "content-disposition": inlineDisposition(found.file.name) }
  })
}
