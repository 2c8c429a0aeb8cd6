import { Either } from "effect"

/**
 * A zip entry's name as a relative path inside the folder (`a/b.md`), or why it is refused:
 * absolute (`/etc/x`, `C:\x`, `\\server\x`), climbing out (`../x`, `a/../../x`), or holding a
 * NUL. Backslashes count as separators, as Windows tools write them.
 */
export const archivePath = (name: string): Either.Either<string, string> => {
  const path = name.replace(/\\/g, "/")
  if (path.includes("\u0000")) return Either.left(`the entry "${printable(name)}" has a NUL in its name`)
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return Either.left(`the entry "${printable(name)}" has an absolute path`)
  const parts = path.split("/").filter((part) => part !== "" && part !== ".")
  if (parts.includes("..")) return Either.left(`the entry "${printable(name)}" points outside the folder ("..")`)
  return Either.right(parts.join("/"))
}

const printable = (name: string) => name.replace(/\p{Cc}/gu, "?").slice(0, 200)

/** Entries that are not content: folders, and the `__MACOSX/` copies macOS's archiver adds. */
export const skippedEntry = (name: string, path: string): boolean =>
  name.endsWith("/") || name.endsWith("\\") || path === "" || path === "__MACOSX" || path.startsWith("__MACOSX/")
