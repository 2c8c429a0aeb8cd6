import { type CallbackFsClient, type GitTreeEntry, isomorphicGit, type PromiseFsClient } from "./isomorphicGit.js"
import { isUnder } from "./gitPaths.js"

/** An in-memory (or on-disk) bare repository isomorphic-git reads and writes. */
export interface LocalRepository {
  readonly fs: CallbackFsClient | PromiseFsClient
  readonly gitdir: string
  /** isomorphic-git's cache of parsed packfiles, for one call: without it every object read parses the pack's index again. */
  readonly cache: object
}

/** One entry of a Git tree, flattened: a file, a symlink or a submodule at a repository path. */
export interface TreeEntry {
  readonly mode: string
  readonly oid: string
  readonly type: "blob" | "commit"
}

/** Which parts of a tree to list: folders to open, entries to keep (repository paths). */
export interface TreeSelection {
  readonly enter: (folder: string) => boolean
  readonly keep: (path: string) => boolean
}

/** The selection of what lies under `directory` (`""`: everything). */
export const inside = (directory: string): TreeSelection => ({
  enter: (folder) => directory === "" || isUnder(directory, folder) || folder === directory || isUnder(folder, directory),
  keep: (path) => isUnder(path, directory)
})

/** The selection of what lies outside `directory` (`""`: nothing). */
export const outside = (directory: string): TreeSelection => ({
  enter: (folder) => directory !== "" && folder !== directory,
  keep: (path) => directory !== "" && !isUnder(path, directory)
})

/** Every non-tree entry of `tree` (a commit or tree oid) that `selection` keeps, without reading a blob. */
export const flattenTree = async (repository: LocalRepository, tree: string, selection: TreeSelection): Promise<Map<string, TreeEntry>> => {
  const out = new Map<string, TreeEntry>()
  const visit = async (oid: string, prefix: string): Promise<void> => {
    const { tree: entries } = await isomorphicGit().readTree({ ...repository, oid })
    for (const entry of entries) {
      const path = `${prefix}${entry.path}`
      if (entry.type === "tree") {
        if (selection.enter(path)) await visit(entry.oid, `${path}/`)
      } else if (selection.keep(path)) out.set(path, { mode: entry.mode, oid: entry.oid, type: entry.type })
    }
  }
  await visit(tree, "")
  return out
}

/** The regular files of a flattened tree with their bytes (symlinks and submodules left out). */
export const readBlobs = async (repository: LocalRepository, entries: ReadonlyMap<string, TreeEntry>) => {
  const files = new Map<string, Uint8Array>()
  for (const [path, entry] of entries) {
    if (entry.type !== "blob" || entry.mode === "120000") continue
    files.set(path, (await isomorphicGit().readBlob({ ...repository, oid: entry.oid })).blob)
  }
  return files
}

interface Folder {
  readonly files: Map<string, TreeEntry>
  readonly folders: Map<string, Folder>
}

/** Writes the nested trees of flattened entries, deepest first; the root tree's oid. */
export const writeTrees = async (repository: LocalRepository, entries: ReadonlyMap<string, TreeEntry>): Promise<string> => {
  const root: Folder = { files: new Map(), folders: new Map() }
  for (const [path, entry] of entries) {
    const segments = path.split("/")
    let folder = root
    for (const segment of segments.slice(0, -1)) {
      let next = folder.folders.get(segment)
      if (next === undefined) {
        next = { files: new Map(), folders: new Map() }
        folder.folders.set(segment, next)
      }
      folder = next
    }
    folder.files.set(segments[segments.length - 1]!, entry)
  }
  const write = async (folder: Folder): Promise<string> => {
    const tree: Array<GitTreeEntry> = []
    for (const [name, entry] of folder.files) tree.push({ mode: entry.mode, path: name, oid: entry.oid, type: entry.type })
    for (const [name, child] of folder.folders) tree.push({ mode: "040000", path: name, oid: await write(child), type: "tree" })
    // isomorphic-git sorts the entries as Git does (a folder as if its name ended in `/`).
    return isomorphicGit().writeTree({ ...repository, tree })
  }
  return write(root)
}
