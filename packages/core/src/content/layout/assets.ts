import { parse as parseYaml } from "yaml"
import { InvalidInput } from "../../shared/errors.js"
import { canonicalYaml } from "../markdown/frontmatter.js"
import { MAX_FRONTMATTER_ALIASES } from "../markdown/limits.js"
import type { ImportedFile } from "../tree/importPages.js"
import { isMediaType, MAX_FILE_NAME_LENGTH, MAX_ID_LENGTH } from "../tree/inputs.js"
import type { LayoutFile } from "./LayoutContent.js"
import { ASSETS_FOLDER, assetFileNames, FILES_MANIFEST, mediaTypeOfName } from "./layoutPaths.js"

/** What the manifest says of one asset, by its path in the assets folder. */
interface ManifestEntry {
  readonly path: string
  readonly id: string
  readonly name: string
  readonly contentType: string
}

/**
 * The assets (`.gitbook/assets/<name>`, paths relative to the project directory) and their
 * index (`.gitbook/files.yaml`: each asset's `path` in the folder, file `id`, `name` and
 * `contentType`); nothing when there are no files.
 */
export const writeAssets = (files: ReadonlyArray<LayoutFile>): ReadonlyMap<string, Uint8Array | string> => {
  const out = new Map<string, Uint8Array | string>()
  if (files.length === 0) return out
  const sorted = [...files].sort((a, b) => (a.file.id < b.file.id ? -1 : a.file.id > b.file.id ? 1 : 0))
  const names = assetFileNames(sorted.map(({ file }) => file.name))
  const manifest: Array<ManifestEntry> = sorted.map(({ file }, index) => ({
    path: names[index]!,
    id: file.id,
    name: file.name,
    contentType: file.contentType
  }))
  for (const [index, { bytes }] of sorted.entries()) out.set(`${ASSETS_FOLDER}/${names[index]}`, bytes)
  out.set(FILES_MANIFEST, `${canonicalYaml({ files: manifest })}\n`)
  return out
}

const readManifest = (text: string | undefined, manifestPath: string): ReadonlyMap<string, Partial<ManifestEntry>> => {
  const out = new Map<string, Partial<ManifestEntry>>()
  if (text === undefined) return out
  let data: unknown
  try {
    data = parseYaml(text, { maxAliasCount: MAX_FRONTMATTER_ALIASES })
  } catch (error) {
    throw InvalidInput.of(manifestPath, `is not valid YAML (${error instanceof Error ? error.message.split("\n", 1)[0] : String(error)})`)
  }
  const files = (data as { files?: unknown } | null)?.files
  if (data !== null && data !== undefined && !Array.isArray(files)) throw InvalidInput.of(manifestPath, "must hold a `files` list")
  for (const entry of (files ?? []) as ReadonlyArray<unknown>) {
    const { path, id, name, contentType } = (entry ?? {}) as Record<string, unknown>
    if (typeof path !== "string") throw InvalidInput.of(manifestPath, "every entry needs a `path` in the assets folder")
    out.set(path, {
      ...(typeof id === "string" && id !== "" && id.length <= MAX_ID_LENGTH ? { id } : {}),
      ...(typeof name === "string" && name !== "" && name.length <= MAX_FILE_NAME_LENGTH ? { name } : {}),
      ...(typeof contentType === "string" && isMediaType(contentType) ? { contentType } : {})
    })
  }
  return out
}

/**
 * The files of the assets folder (`files`: paths relative to the project directory), each
 * described by the index when it names it, else by its own name. Entries of the index with
 * no asset are ignored: the folder is the truth.
 */
export const readAssets = (
  files: ReadonlyMap<string, Uint8Array>,
  manifestText: string | undefined,
  manifestPath: string
): ReadonlyArray<ImportedFile> => {
  const manifest = readManifest(manifestText, manifestPath)
  const prefix = `${ASSETS_FOLDER}/`
  const out: Array<ImportedFile> = []
  const paths = [...files.keys()].filter((path) => path.startsWith(prefix)).sort()
  for (const path of paths) {
    const inFolder = path.slice(prefix.length)
    const described = manifest.get(inFolder) ?? {}
    const ownName = inFolder.slice(inFolder.lastIndexOf("/") + 1).slice(0, MAX_FILE_NAME_LENGTH)
    const name = described.name ?? ownName
    out.push({
      ...(described.id !== undefined ? { id: described.id } : {}),
      name,
      contentType: described.contentType ?? mediaTypeOfName(name),
      bytes: files.get(path)!
    })
  }
  return out
}
