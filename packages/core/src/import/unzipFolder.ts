import { Effect, Either } from "effect"
import { Unzip, type UnzipFile, UnzipInflate } from "fflate"
import { archivePath, skippedEntry } from "./archivePath.js"
import { ImportRefused, UnreadableSource } from "./importErrors.js"
import { ZIP_LIMITS, type ZipLimits } from "./limits.js"

/**
 * The zip is fed to the inflater in slices this size, and each slice's output is counted
 * before the next: deflate expands at most ~1032×, so a bomb gets at most ~17 MB past a cap.
 */
const SLICE_BYTES = 16 * 1024

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)

/** A whole zip ends with its central directory's end record (in its last 64 KB + 22 bytes). */
const hasEnd = (bytes: Uint8Array) => {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 5 && bytes[at + 3] === 6) return true
  }
  return false
}

const joined = (chunks: ReadonlyArray<Uint8Array>, size: number) => {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

/**
 * A zip's files by relative path (folders left out), read with fflate's streaming inflater
 * under `limits`: an entry with an absolute path or `..` is refused, as are more than
 * `maxEntries` entries, a file past `maxFileBytes` and a total past `maxTotalBytes`. Sizes are
 * counted on the inflated bytes as they come, not taken from the headers, which a zip bomb
 * can fake. Pure: bytes in, files out.
 */
export const unzipFolder = (bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS, what = "the zip") =>
  Effect.suspend((): Effect.Effect<ReadonlyMap<string, Uint8Array>, ImportRefused | UnreadableSource> => {
    if (!isZip(bytes)) return Effect.fail(new UnreadableSource({ message: `${what} is not a zip archive` }))
    if (!hasEnd(bytes)) return Effect.fail(new UnreadableSource({ message: `${what} is cut short (it has no central directory)` }))
    const files = new Map<string, Uint8Array>()
    const pending = new Set<string>()
    let entries = 0
    let total = 0
    let failure: ImportRefused | UnreadableSource | undefined
    const refuse = (message: string) => {
      failure ??= new ImportRefused({ message: `${what} is refused: ${message}` })
    }
    const read = (file: UnzipFile, path: string) => {
      const chunks: Array<Uint8Array> = []
      let size = 0
      pending.add(path)
      file.ondata = (error, chunk, final) => {
        if (failure !== undefined) return
        if (error) {
          failure = new UnreadableSource({ message: `${what} is damaged: "${path}" cannot be inflated` })
          return
        }
        size += chunk.length
        total += chunk.length
        if (size > limits.maxFileBytes) {
          refuse(`"${path}" is larger than ${limits.maxFileBytes} bytes once inflated`)
        } else if (total > limits.maxTotalBytes) {
          refuse(`its files are larger than ${limits.maxTotalBytes} bytes once inflated (a zip bomb?)`)
        }
        if (failure !== undefined) return file.terminate()
        if (chunk.length > 0) chunks.push(chunk)
        if (final) {
          pending.delete(path)
          files.set(path, joined(chunks, size) ?? new Uint8Array(0))
        }
      }
      try {
        file.start()
      } catch {
        failure ??= new UnreadableSource({ message: `${what} stores "${path}" in a way Quire cannot read (compression ${file.compression})` })
      }
    }
    const unzip = new Unzip((file) => {
      if (failure !== undefined) return
      entries++
      if (entries > limits.maxEntries) return refuse(`it has more than ${limits.maxEntries} entries`)
      const path = archivePath(file.name)
      if (Either.isLeft(path)) return refuse(path.left)
      if (skippedEntry(file.name, path.right)) return
      if (files.has(path.right) || pending.has(path.right)) return refuse(`"${path.right}" is in it twice`)
      if (file.originalSize !== undefined && file.originalSize > limits.maxFileBytes) {
        return refuse(`"${path.right}" is larger than ${limits.maxFileBytes} bytes once inflated`)
      }
      read(file, path.right)
    })
    unzip.register(UnzipInflate)
    try {
      for (let at = 0; at < bytes.length && failure === undefined; at += SLICE_BYTES) {
        unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length)
      }
    } catch {
      failure ??= new UnreadableSource({ message: `${what} is damaged` })
    }
    if (failure === undefined && pending.size > 0) {
      failure = new UnreadableSource({ message: `${what} is cut short: "${[...pending][0]}" does not end` })
    }
    return failure === undefined ? Effect.succeed(files) : Effect.fail(failure)
  })
