/**
 * The in-memory file system a Git call's repository lives in: the promise API isomorphic-git asks
 * of a file system (`readFile`, `writeFile`, `mkdir`, `rmdir`, `unlink`, `stat`, `lstat`,
 * `readdir`, `readlink`, `symlink`), with POSIX answers and error codes (`ENOENT`, `EEXIST`,
 * `ENOTDIR`, `EISDIR`, `ENOTEMPTY`, `EINVAL`, `EPERM`). What isomorphic-git does not use is left out:
 * `mkdir`'s `recursive`, a trailing `/` meaning "a folder", symlinks in the middle of a path.
 *
 * Why not a general one (memfs, which this replaced): isomorphic-git probes a path that does not
 * exist for nearly every object it reads (the loose object before the pack) and calls
 * `readFile()` with no path each time it wraps the file system; memfs answered each with an error
 * whose stack it formatted at once, which was most of a 2,000-file fetch's time.
 */

type Entry =
  | { readonly kind: "file"; data: Uint8Array; mtimeMs: number; readonly ino: number }
  | { readonly kind: "dir"; readonly names: Set<string>; mtimeMs: number; readonly ino: number }
  | { readonly kind: "symlink"; readonly target: string; mtimeMs: number; readonly ino: number }

/**
 * A file system error as Node's: `code` says which. Made without a stack: isomorphic-git makes
 * thousands in a fetch (a path it probes, a wrapped file system it tests) and reads only `code`.
 */
export class MemoryFsError extends Error {
  readonly code: "ENOENT" | "EEXIST" | "ENOTDIR" | "EISDIR" | "ENOTEMPTY" | "EINVAL" | "EPERM"
  readonly path: string
  readonly syscall: string
  constructor(code: MemoryFsError["code"], path: string, syscall: string) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(`${code}: ${syscall} '${path}'`)
    Error.stackTraceLimit = limit
    this.code = code
    this.path = path
    this.syscall = syscall
  }
}

/** A path that is not text, as Node answers it (a `TypeError`), without a stack (see `MemoryFsError`). */
const notAPath = (syscall: string) => {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  const error = new TypeError(`${syscall}: the path must be a string`)
  Error.stackTraceLimit = limit
  return error
}

/** What `stat` and `lstat` answer: the fields isomorphic-git reads, as Node's `fs.Stats` names them. */
export interface MemoryStats {
  readonly type: "file" | "dir" | "symlink"
  readonly mode: number
  readonly size: number
  readonly ino: number
  readonly mtimeMs: number
  readonly ctimeMs: number
  readonly uid: 1
  readonly gid: 1
  readonly dev: 1
  readonly isFile: () => boolean
  readonly isDirectory: () => boolean
  readonly isSymbolicLink: () => boolean
}

type Encoding = { readonly encoding?: string | null } | string | undefined

const encodingOf = (options: Encoding) => (typeof options === "string" ? options : (options?.encoding ?? undefined))

/** An absolute path with no empty, `.` or `..` segment and no trailing `/`: already normal. */
const normal = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/

/** `/a//b/` → `/a/b`; relative paths are taken from the root. */
const normalize = (path: unknown, syscall: string): string => {
  if (typeof path !== "string") throw notAPath(syscall)
  if (normal.test(path)) return path
  const segments = path.split("/").filter((segment) => segment !== "" && segment !== ".")
  const out: Array<string> = []
  for (const segment of segments) {
    if (segment === "..") out.pop()
    else out.push(segment)
  }
  return `/${out.join("/")}`
}

const parentOf = (path: string) => {
  const slash = path.lastIndexOf("/")
  return slash <= 0 ? "/" : path.slice(0, slash)
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1)

const textEncoder = new TextEncoder()

export class MemoryFs {
  private readonly entries = new Map<string, Entry>([["/", { kind: "dir", names: new Set(), mtimeMs: Date.now(), ino: 1 }]])
  private nextIno = 2

  /** The entry at `path`; a symlink there is followed when `follow` (a symlink in a parent folder is not: a bare repository has none). */
  private lookup(path: string, follow: boolean, syscall: string, depth = 0): Entry | undefined {
    const entry = this.entries.get(path)
    if (entry?.kind !== "symlink" || !follow) return entry
    if (depth >= 32) throw new MemoryFsError("EINVAL", path, syscall)
    return this.lookup(normalize(entry.target.startsWith("/") ? entry.target : `${parentOf(path)}/${entry.target}`, syscall), true, syscall, depth + 1)
  }

  private existing(path: string, follow: boolean, syscall: string): Entry {
    const entry = this.lookup(path, follow, syscall)
    if (entry === undefined) throw this.missing(path, syscall)
    return entry
  }

  /** Why nothing is at `path`: a file where a folder on the way should be (`ENOTDIR`), else `ENOENT`. */
  private missing(path: string, syscall: string) {
    for (let at = parentOf(path); at !== "/"; at = parentOf(at)) {
      const entry = this.lookup(at, true, syscall)
      if (entry !== undefined) return new MemoryFsError(entry.kind === "dir" ? "ENOENT" : "ENOTDIR", path, syscall)
    }
    return new MemoryFsError("ENOENT", path, syscall)
  }

  /** The directory a new entry at `path` goes in. */
  private parentDir(path: string, syscall: string) {
    const parent = this.lookup(parentOf(path), true, syscall)
    if (parent === undefined) throw this.missing(path, syscall)
    if (parent.kind !== "dir") throw new MemoryFsError("ENOTDIR", path, syscall)
    return parent
  }

  private add(path: string, entry: Entry, syscall: string) {
    const parent = this.parentDir(path, syscall)
    parent.names.add(nameOf(path))
    parent.mtimeMs = entry.mtimeMs
    this.entries.set(path, entry)
  }

  private remove(path: string) {
    const parent = this.entries.get(parentOf(path))
    if (parent?.kind === "dir") parent.names.delete(nameOf(path))
    this.entries.delete(path)
  }

  async readFile(path: string, options?: Encoding): Promise<Uint8Array | string> {
    const at = normalize(path, "open")
    const entry = this.existing(at, true, "open")
    if (entry.kind === "dir") throw new MemoryFsError("EISDIR", at, "read")
    if (entry.kind !== "file") throw new MemoryFsError("EINVAL", at, "read")
    const encoding = encodingOf(options)
    if (encoding === "utf8" || encoding === "utf-8") return Buffer.from(entry.data).toString("utf8")
    return Buffer.from(entry.data)
  }

  async writeFile(path: string, data: Uint8Array | string, options?: Encoding): Promise<void> {
    const at = normalize(path, "open")
    const encoding = encodingOf(options) ?? "utf8"
    const bytes =
      typeof data !== "string" ? Uint8Array.from(data) : encoding === "utf8" ? textEncoder.encode(data) : Buffer.from(data, encoding as BufferEncoding)
    const existing = this.lookup(at, true, "open")
    if (existing?.kind === "dir") throw new MemoryFsError("EISDIR", at, "open")
    if (existing?.kind === "file") {
      existing.data = bytes
      existing.mtimeMs = Date.now()
      return
    }
    this.add(at, { kind: "file", data: bytes, mtimeMs: Date.now(), ino: this.nextIno++ }, "open")
  }

  /** One level, as isomorphic-git asks (it makes parents itself). */
  async mkdir(path: string): Promise<void> {
    const at = normalize(path, "mkdir")
    if (this.lookup(at, true, "mkdir") !== undefined) throw new MemoryFsError("EEXIST", at, "mkdir")
    this.add(at, { kind: "dir", names: new Set(), mtimeMs: Date.now(), ino: this.nextIno++ }, "mkdir")
  }

  async rmdir(path: string): Promise<void> {
    const at = normalize(path, "rmdir")
    const entry = this.existing(at, false, "rmdir")
    if (entry.kind !== "dir") throw new MemoryFsError("ENOTDIR", at, "rmdir")
    if (entry.names.size > 0) throw new MemoryFsError("ENOTEMPTY", at, "rmdir")
    if (at === "/") throw new MemoryFsError("EPERM", at, "rmdir")
    this.remove(at)
  }

  async unlink(path: string): Promise<void> {
    const at = normalize(path, "unlink")
    const entry = this.existing(at, false, "unlink")
    if (entry.kind === "dir") throw new MemoryFsError("EPERM", at, "unlink")
    this.remove(at)
  }

  async readdir(path: string): Promise<Array<string>> {
    const at = normalize(path, "scandir")
    const entry = this.existing(at, true, "scandir")
    if (entry.kind !== "dir") throw new MemoryFsError("ENOTDIR", at, "scandir")
    return [...entry.names].sort()
  }

  async stat(path: string): Promise<MemoryStats> {
    const at = normalize(path, "stat")
    return statsOf(this.existing(at, true, "stat"))
  }

  async lstat(path: string): Promise<MemoryStats> {
    const at = normalize(path, "lstat")
    return statsOf(this.existing(at, false, "lstat"))
  }

  async readlink(path: string, options?: Encoding): Promise<string | Buffer> {
    const at = normalize(path, "readlink")
    const entry = this.existing(at, false, "readlink")
    if (entry.kind !== "symlink") throw new MemoryFsError("EINVAL", at, "readlink")
    return encodingOf(options) === "buffer" ? Buffer.from(entry.target) : entry.target
  }

  async symlink(target: string, path: string): Promise<void> {
    const at = normalize(path, "symlink")
    if (this.lookup(at, false, "symlink") !== undefined) throw new MemoryFsError("EEXIST", at, "symlink")
    this.add(at, { kind: "symlink", target, mtimeMs: Date.now(), ino: this.nextIno++ }, "symlink")
  }
}

const MODES = { file: 0o100644, dir: 0o040755, symlink: 0o120000 } as const

const statsOf = (entry: Entry): MemoryStats => ({
  type: entry.kind,
  mode: MODES[entry.kind],
  size: entry.kind === "file" ? entry.data.byteLength : entry.kind === "symlink" ? Buffer.byteLength(entry.target) : 0,
  ino: entry.ino,
  mtimeMs: entry.mtimeMs,
  ctimeMs: entry.mtimeMs,
  uid: 1,
  gid: 1,
  dev: 1,
  isFile: () => entry.kind === "file",
  isDirectory: () => entry.kind === "dir",
  isSymbolicLink: () => entry.kind === "symlink"
})
