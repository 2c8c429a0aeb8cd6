import { Effect } from "effect"
import { createHash } from "node:crypto"
import { InvalidInput } from "../../shared/errors.js"
import { makeId, type RevisionId, type SpaceId } from "../../shared/ids.js"
import { now } from "../../shared/time.js"
import { runMarkdownTask } from "../markdown/work/markdownTasks.js"
import { slugify } from "../markdown/slugify.js"
import { EMPTY_MAP_NODE, EMPTY_MAP_ROOT } from "../store/index.js"
import type { ObjectHash, StoredObject } from "../../storage/content/ObjectStore.js"
import { PersistentMapsService } from "../store/PersistentMapsService.js"
import { imageDimensions } from "./imageDimensions.js"
import type { ParsedBody } from "./ParsedBody.js"
import {
  childrenObject,
  documentObject,
  type FileValue,
  fileObject,
  type PageType,
  type PageValue,
  pageObject,
  parentKey,
  ROOT_KEY,
  type TreeValue,
  treeObject
} from "./objects.js"
import { makeEngineReads, openRevision } from "./EngineReads.js"
import { updateKeeping } from "./mapWrites.js"
import { writeRevision } from "./writeRevision.js"

/** One page of a tree written in bulk; pages come parents first, siblings in order. */
export interface ImportedPage {
  /** Given or made. */
  readonly id?: string
  readonly type?: Extract<PageType, "document" | "group">
  readonly title: string
  /** By default the title's slug; must be unique among siblings. */
  readonly slug?: string
  readonly parent?: string | null
  /** The page's body (no title heading); stored normalised, links as written. */
  readonly markdown?: string
  /** The body already read (see `ParsedBody`), stored as it is: `markdown` is then not read. */
  readonly parsedBody?: ParsedBody
  readonly emoji?: string
  readonly description?: string
  readonly icon?: string
  readonly condition?: string
  /** False by default, as the three flags below. */
  readonly hidden?: boolean
  readonly noIndex?: boolean
  readonly noRobotsIndex?: boolean
}

/** One file of a tree written in bulk, with its bytes. */
export interface ImportedFile {
  /** Given or made. */
  readonly id?: string
  readonly name: string
  readonly contentType: string
  readonly bytes: Uint8Array
}

export interface ImportOptions {
  readonly spaceId: SpaceId
  /** By default none, or `onto` when given. */
  readonly parents?: ReadonlyArray<RevisionId>
  /** The revision's files (none by default). */
  readonly files?: ReadonlyArray<ImportedFile>
  /**
   * A revision whose content the pages and files join, kept whole: the imported root pages come
   * after its root pages (their slugs must differ from theirs); pages go under imported pages
   * only; a page or file id it holds is refused. Only the new entries and the root list are
   * written, so the cost does not grow with the content already there. By default, none: a
   * tree of the pages and files alone.
   */
  readonly onto?: RevisionId
}

/** The body to store: a `ParsedBody` as it is, markdown read now; `{ message }` when it is refused. */
const bodyOf = ({ markdown, parsedBody }: ImportedPage): string | { readonly message: string } => {
  if (parsedBody !== undefined) return parsedBody.body
  if (markdown === undefined) return ""
  const read = runMarkdownTask({ op: "prepare", markdown })
  return read.ok ? read.value.body : { message: read.message }
}

const fail = (index: number, field: string, rule: string) => Effect.fail(InvalidInput.of(`pages[${index}].${field}`, rule))

/**
 * Writes a whole page tree as one new revision in one batched write (every map built at once,
 * one `ObjectStore.put`): the way to seed a space, import content, or make an empty space's
 * first revision (no pages); or adds one `onto` a revision's content. Not an edit, so no link
 * resolution.
 */
export const importPages = (pages: ReadonlyArray<ImportedPage>, options: ImportOptions) =>
  Effect.gen(function* () {
    const maps = yield* PersistentMapsService
    const onto = options.onto === undefined ? undefined : (yield* openRevision(yield* makeEngineReads, options.onto)).tree
    const at = yield* now
    const objects = new Map<ObjectHash, StoredObject>()
    const keep = (object: StoredObject) => {
      objects.set(object.hash, object)
      return object.hash
    }
    const values = new Map<string, PageValue>()
    const children = new Map<string, Array<string>>()
    const slugs = new Map<string, Set<string>>()
    let existingRoots = 0
    if (onto !== undefined) {
      const roots = yield* onto.children(null)
      existingRoots = roots.length
      children.set(ROOT_KEY, [...roots])
      const rootPages = yield* onto.pages(roots)
      slugs.set(ROOT_KEY, new Set(roots.flatMap((id) => rootPages.get(id)?.slug ?? [])))
    }
    const takenPages = onto === undefined ? new Map() : yield* maps.getMany(onto.tree.pages, pages.flatMap((page) => page.id ?? []))
    for (const [index, page] of pages.entries()) {
      const id = page.id ?? (yield* makeId<string>())
      if (values.has(id)) return yield* fail(index, "id", `the id "${id}" is used twice`)
      if (takenPages.has(id)) return yield* fail(index, "id", `the id "${id}" is a page's already there`)
      const parent = page.parent ?? null
      if (parent !== null && !values.has(parent)) return yield* fail(index, "parent", `no page "${parent}" before this one`)
      const slug = page.slug ?? slugify(page.title)
      const siblings = children.get(parentKey(parent)) ?? []
      const taken = slugs.get(parentKey(parent)) ?? new Set<string>()
      if (taken.has(slug)) return yield* fail(index, "slug", `the slug "${slug}" is already used in the same parent`)
      slugs.set(parentKey(parent), taken.add(slug))
      const body = bodyOf(page)
      if (typeof body !== "string") return yield* fail(index, "markdown", body.message)
      const value: PageValue = {
        id,
        type: page.type ?? "document",
        title: page.title,
        slug,
        ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
        ...(page.description !== undefined ? { description: page.description } : {}),
        ...(page.icon !== undefined ? { icon: page.icon } : {}),
        ...(page.condition !== undefined ? { condition: page.condition } : {}),
        hidden: page.hidden ?? false,
        noIndex: page.noIndex ?? false,
        noRobotsIndex: page.noRobotsIndex ?? false,
        createdAt: at,
        updatedAt: at,
        document: body.trim() === "" ? null : keep(documentObject({ markdown: body })),
        parent
      }
      values.set(id, value)
      siblings.push(id)
      children.set(parentKey(parent), siblings)
    }
    const files = new Map<string, ObjectHash>()
    const blobs: Array<Uint8Array> = []
    const takenFiles = onto === undefined ? new Map() : yield* maps.getMany(onto.tree.files, (options.files ?? []).flatMap((file) => file.id ?? []))
    for (const [index, file] of (options.files ?? []).entries()) {
      const id = file.id ?? (yield* makeId<string>())
      if (files.has(id)) return yield* Effect.fail(InvalidInput.of(`files[${index}].id`, `the id "${id}" is used twice`))
      if (takenFiles.has(id)) return yield* Effect.fail(InvalidInput.of(`files[${index}].id`, `the id "${id}" is a file's already there`))
      const dimensions = imageDimensions(file.bytes, file.contentType)
      const value: FileValue = {
        id,
        name: file.name,
        contentType: file.contentType,
        size: file.bytes.length,
        sha256: createHash("sha256").update(file.bytes).digest("hex"),
        ...(dimensions !== undefined ? { dimensions } : {})
      }
      files.set(id, keep(fileObject(value)))
      blobs.push(file.bytes)
    }
    const base: TreeValue = onto?.tree ?? { pages: EMPTY_MAP_ROOT, children: EMPTY_MAP_ROOT, files: EMPTY_MAP_ROOT, reusables: EMPTY_MAP_ROOT }
    const build = (root: ObjectHash, entries: Map<string, ObjectHash | undefined>) => updateKeeping(maps, keep)(root, entries)
    // Onto content, its root list is written again only when root pages are added.
    const lists = [...children].filter(([key, ids]) => key !== ROOT_KEY || ids.length > existingRoots)
    const tree: TreeValue = {
      pages: yield* build(base.pages, new Map([...values].map(([id, value]) => [id, keep(pageObject(value))]))),
      children: yield* build(base.children, new Map(lists.map(([key, ids]) => [key, keep(childrenObject({ parent: key, children: ids }))]))),
      files: yield* build(base.files, new Map(files)),
      reusables: base.reusables
    }
    keep(EMPTY_MAP_NODE)
    const root = keep(treeObject(tree))
    return yield* writeRevision({
      spaceId: options.spaceId,
      parents: options.parents ?? (options.onto === undefined ? [] : [options.onto]),
      type: "edits",
      root,
      objects: [...objects.values()],
      blobs
    })
  })
