import { Effect } from "effect"
import { createHash } from "node:crypto"
import { makeId } from "../../../shared/ids.js"
import { imageDimensions } from "../imageDimensions.js"
import { type InsertFilesChange, MAX_INLINE_FILE_BYTES } from "../inputs.js"
import type { FileValue } from "../objects.js"
import { type BatchState, invalid } from "./BatchState.js"
import { registerRef } from "./batchRefs.js"

const base64Text = /^[A-Za-z0-9+/\s]*={0,2}\s*$/

/**
 * `insert_files`: each file's bytes come inline as `base64` (with its `contentType`). A
 * `url` source is refused for now: fetching needs the guarded fetcher (which refuses
 * private and loopback addresses), which Quire does not have yet.
 */
export const insertFiles = (state: BatchState, index: number, change: InsertFilesChange) =>
  Effect.forEach(change.files, (file, position) =>
    Effect.gen(function* () {
      const field = (name: string) => `files[${position}].${name}`
      if (file.url !== undefined && file.base64 !== undefined) {
        return yield* invalid(index, field("url"), "set exactly one source: `url` or `base64`")
      }
      if (file.url !== undefined) {
        return yield* invalid(index, field("url"), "fetching files from a URL is not available yet; send the bytes as `base64`")
      }
      if (file.base64 === undefined) return yield* invalid(index, field("base64"), "is required: set one source, `base64`")
      if (file.contentType === undefined) return yield* invalid(index, field("contentType"), "is required with `base64`")
      if (!base64Text.test(file.base64)) return yield* invalid(index, field("base64"), "is not base64")
      const bytes = new Uint8Array(Buffer.from(file.base64, "base64"))
      if (bytes.length > MAX_INLINE_FILE_BYTES) {
        return yield* invalid(index, field("base64"), `decodes to ${bytes.length} bytes; at most ${MAX_INLINE_FILE_BYTES} (1 MB) may be sent inline`)
      }
      const id = yield* makeId<string>()
      if (file.ref !== undefined) yield* registerRef(state, index, field("ref"), file.ref, { kind: "file", id, change: index })
      const dimensions = imageDimensions(bytes, file.contentType)
      const value: FileValue = {
        id,
        name: file.name,
        contentType: file.contentType,
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        ...(dimensions !== undefined ? { dimensions } : {})
      }
      state.tree.setFile(value)
      state.blobs.push(bytes)
      state.insertedFiles.push(value)
    })
  )
