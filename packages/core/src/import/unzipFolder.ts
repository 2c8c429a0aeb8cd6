import { Effect, Either } from "effect"
import { archivePath, skippedEntry } from "./archivePath.js"
import { boundedInflate } from "./boundedInflate.js"
import { ImportRefused, UnreadableSource } from "./importErrors.js"
import { ZIP_LIMITS, type ZipLimits } from "./limits.js"
import { listZip, type ZipEntry } from "./zipEntries.js"

type Failure = ImportRefused | UnreadableSource

/**
 * A zip's files by relative path (folders and `__MACOSX/` left out), read from its central
 * directory under `limits`: an entry with an absolute path or `..` is refused, as are more than
 * `maxEntries` entries, a file past `maxFileBytes` and a total past `maxTotalBytes`. Sizes are
 * counted on the inflated bytes as they come (`boundedInflate`), not taken from the headers,
 * which a zip bomb can fake. Pure: bytes in, files out.
 */
export const unzipFolder = (bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS, what = "the zip") =>
  Effect.suspend((): Either.Either<ReadonlyMap<string, Uint8Array>, Failure> => {
    const refused = (message: string) => Either.left(new ImportRefused({ message: `${what} is refused: ${message}` }))
    const unreadable = (reason: string) => Either.left(new UnreadableSource({ message: `${what} ${reason}` }))
    const listing = listZip(bytes)
    if (listing._tag === "Unreadable") return unreadable(listing.reason)
    if (listing.count > limits.maxEntries) return refused(`it has more than ${limits.maxEntries} entries`)
    const files = new Map<string, Uint8Array>()
    let total = 0
    const read = (entry: ZipEntry, path: string): Either.Either<Uint8Array, Failure> => {
      const bound = Math.min(limits.maxFileBytes, limits.maxTotalBytes - total)
      const tooLarge = () =>
        bound === limits.maxFileBytes
          ? refused(`"${path}" is larger than ${limits.maxFileBytes} bytes once inflated`)
          : refused(`its files are larger than ${limits.maxTotalBytes} bytes once inflated (a zip bomb?)`)
      if (entry.encrypted) return unreadable(`holds "${path}" encrypted, which Quire cannot read`)
      if (entry.declaredSize > limits.maxFileBytes) return refused(`"${path}" is larger than ${limits.maxFileBytes} bytes once inflated`)
      if (entry.method === 0) return entry.data.length > bound ? tooLarge() : Either.right(entry.data)
      if (entry.method !== 8) return unreadable(`stores "${path}" with compression method ${entry.method}, which Quire cannot read`)
      try {
        const out = boundedInflate(entry.data, bound, entry.declaredSize)
        return out === "tooLarge" ? tooLarge() : Either.right(out)
      } catch {
        return unreadable(`is damaged: "${path}" cannot be inflated`)
      }
    }
    try {
      for (const entry of listing.entries()) {
        const path = archivePath(entry.name)
        if (Either.isLeft(path)) return refused(path.left)
        if (skippedEntry(entry.name, path.right)) continue
        if (files.has(path.right)) return refused(`"${path.right}" is in it twice`)
        const content = read(entry, path.right)
        if (Either.isLeft(content)) return Either.left(content.left)
        total += content.right.length
        files.set(path.right, content.right)
      }
    } catch (error) {
      return unreadable(error instanceof Error ? error.message : "is damaged")
    }
    return Either.right(files)
  })
