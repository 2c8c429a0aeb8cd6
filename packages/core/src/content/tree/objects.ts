import type { ObjectHash, ObjectKind, StoredObject } from "../../storage/content/ObjectStore.js"
import { canonicalObject } from "../store/canonical.js"

/** The four kinds of page of the official `RevisionPageType`. */
export type PageType = "document" | "group" | "link" | "computed"

/**
 * A page as stored: its metadata as in the official `RevisionPage*` schemas, the hash of its
 * document (null when it has none) and its parent's id (null at the root level). Neither its
 * children nor its position are in it, so reordering siblings rewrites one `children` object
 * and no page.
 */
export interface PageValue {
  readonly id: string
  readonly type: PageType
  readonly title: string
  /** Document and group pages have one; link and computed pages have none. */
  readonly slug?: string
  readonly emoji?: string
  readonly icon?: string
  readonly description?: string
  readonly condition?: string
  readonly hidden: boolean
  readonly noIndex: boolean
  readonly noRobotsIndex: boolean
  readonly layout?: unknown
  readonly cover?: unknown
  /** Link pages: where they point. */
  readonly href?: string
  readonly target?: unknown
  /** Computed pages: their source. */
  readonly computed?: unknown
  readonly createdAt: string
  readonly updatedAt: string
  readonly document: ObjectHash | null
  readonly parent: string | null
}

/** A document: its canonical markdown body (no frontmatter, no title heading). */
export interface DocumentValue {
  readonly markdown: string
}

/** The ordered children of one parent (`""` stands for the root level). */
export interface ChildrenValue {
  readonly parent: string
  readonly children: ReadonlyArray<string>
}

/** A file's metadata; its bytes are in the BlobStore under `sha256`. */
export interface FileValue {
  readonly id: string
  readonly name: string
  readonly contentType: string
  readonly size: number
  readonly sha256: string
  readonly dimensions?: { readonly width: number; readonly height: number }
}

export interface ReusableValue {
  readonly id: string
  readonly title: string
  readonly document: ObjectHash | null
}

/**
 * A revision's root: four persistent maps, `pages` (page id -> page), `children` (parent id,
 * `""` for the root level -> children), `files` (file id -> file) and `reusables`.
 */
export interface TreeValue {
  readonly pages: ObjectHash
  readonly children: ObjectHash
  readonly files: ObjectHash
  readonly reusables: ObjectHash
}

/** The key of the root level in the `children` map. */
export const ROOT_KEY = ""

export const parentKey = (parent: string | null): string => parent ?? ROOT_KEY

const childrenKind: ObjectKind = "children"

export const pageObject = (value: PageValue): StoredObject => canonicalObject("page", value)
export const documentObject = (value: DocumentValue): StoredObject => canonicalObject("document", value)
export const childrenObject = (value: ChildrenValue): StoredObject => canonicalObject(childrenKind, value)
export const fileObject = (value: FileValue): StoredObject => canonicalObject("file", value)
export const reusableObject = (value: ReusableValue): StoredObject => canonicalObject("reusable", value)
export const treeObject = (value: TreeValue): StoredObject => canonicalObject("tree", value)
