/**
 * A zip's central directory, read as written (APPNOTE.TXT 4.3): the authoritative list of its
 * entries, where each one's data starts and how long it is, however the entry's local header
 * or data descriptor put it. Zip64 archives (past 65,535 entries or 4 GB, beyond any import's
 * limits) are not read.
 */
export interface ZipEntry {
  readonly name: string
  /** 0 stored, 8 deflate; others are refused by the reader. */
  readonly method: number
  readonly encrypted: boolean
  /** What the header declares; a zip bomb can lie, so the reader counts for itself. */
  readonly declaredSize: number
  readonly data: Uint8Array
}

export type ZipListing =
  | { readonly _tag: "Entries"; readonly count: number; readonly entries: () => Iterable<ZipEntry> }
  | { readonly _tag: "Unreadable"; readonly reason: string }

const END_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50

const utf8 = new TextDecoder("utf-8", { fatal: true })
const latin = new TextDecoder("windows-1252")

/** Names are UTF-8 when flagged, and in practice often when not (macOS); else the old DOS code page, read as Windows-1252. */
const decodeName = (bytes: Uint8Array, flaggedUtf8: boolean) => {
  if (flaggedUtf8) return utf8.decode(bytes)
  try {
    return utf8.decode(bytes)
  } catch {
    return latin.decode(bytes)
  }
}

const endRecord = (view: DataView) => {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 65_557); at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at
  }
  return -1
}

export const listZip = (bytes: Uint8Array): ZipListing => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 22 || view.getUint16(0, true) !== 0x4b50) return { _tag: "Unreadable", reason: "is not a zip archive" }
  const end = endRecord(view)
  if (end < 0) return { _tag: "Unreadable", reason: "is cut short (it has no central directory)" }
  const count = view.getUint16(end + 10, true)
  const start = view.getUint32(end + 16, true)
  if (count === 0xffff || start === 0xffffffff) return { _tag: "Unreadable", reason: "is a Zip64 archive, which Quire does not read" }
  if (start > end) return { _tag: "Unreadable", reason: "is damaged (its directory is out of place)" }
  const entries = function* (): Iterable<ZipEntry> {
    let at = start
    for (let index = 0; index < count; index++) {
      if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new Error("is damaged (a directory entry is out of place)")
      const flags = view.getUint16(at + 8, true)
      const method = view.getUint16(at + 10, true)
      const compressedSize = view.getUint32(at + 20, true)
      const declaredSize = view.getUint32(at + 24, true)
      const nameLength = view.getUint16(at + 28, true)
      const extraLength = view.getUint16(at + 30, true)
      const commentLength = view.getUint16(at + 32, true)
      const local = view.getUint32(at + 42, true)
      const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0)
      at += 46 + nameLength + extraLength + commentLength
      if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw new Error(`is damaged ("${name}" is not where its directory says)`)
      const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
      if (dataStart + compressedSize > bytes.length) throw new Error(`is cut short ("${name}" does not end)`)
      yield { name, method, encrypted: (flags & 1) !== 0, declaredSize, data: bytes.subarray(dataStart, dataStart + compressedSize) }
    }
  }
  return { _tag: "Entries", count, entries }
}
