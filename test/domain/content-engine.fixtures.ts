import type { RevisionRecord, SpaceId } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { PersistentMapsLive } from "../../packages/core/src/content/store/index.js"
import {
  type ContentTree,
  type ImportedPage,
  importPages,
  loadContentTree,
  type PageValue
} from "../../packages/core/src/content/tree/index.js"

/** Every content port in memory, with the persistent maps over its object store. */
export const engineLayer = () => PersistentMapsLive.pipe(Layer.provideMerge(MemoryStorage.layer))

export const SPACE = "space1" as SpaceId

/** A revision holding `pages` (parents first), written in one batch. */
export const seedRevision = (pages: ReadonlyArray<ImportedPage> = []) =>
  Effect.map(importPages(pages, { spaceId: SPACE }), (written) => written.revision)

/** The whole tree of a revision as `path -> page`, plus every parent's children in order. */
export interface TreeDump {
  readonly pages: ReadonlyMap<string, PageValue>
  readonly paths: ReadonlyMap<string, string>
  readonly children: ReadonlyMap<string, ReadonlyArray<string>>
  readonly bodies: ReadonlyMap<string, string>
}

export const dumpTree = (revision: RevisionRecord | string) =>
  Effect.gen(function* () {
    const tree: ContentTree = yield* loadContentTree(typeof revision === "string" ? revision : revision.id)
    const pages = yield* tree.reader.allPages
    const children = yield* tree.reader.allChildren
    const paths = new Map<string, string>()
    const bodies = new Map<string, string>()
    for (const id of pages.keys()) {
      paths.set(id, (yield* tree.path(id))!)
      bodies.set(id, (yield* tree.body(id))!)
    }
    return { pages, paths, children, bodies } satisfies TreeDump
  })

/** A page of a dump by its title (titles are unique in the tests that use this). */
export const byTitle = (dump: TreeDump, title: string): PageValue => {
  const page = [...dump.pages.values()].find((p) => p.title === title)
  if (page === undefined) throw new Error(`no page titled ${title}`)
  return page
}

/** The pages form one tree: every page sits once in its parent's list, no cycles, unique slugs and paths. */
export const expectATree = (dump: TreeDump) => {
  const listed = new Map<string, string>()
  for (const [parent, ids] of dump.children) {
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids) {
      expect(listed.has(id)).toBe(false)
      listed.set(id, parent)
      expect(dump.pages.get(id)?.parent ?? null).toBe(parent === "" ? null : parent)
    }
    const slugs = ids.map((id) => dump.pages.get(id)!.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
  }
  expect(listed.size).toBe(dump.pages.size)
  for (const id of dump.pages.keys()) {
    let current: string | null = id
    const seen = new Set<string>()
    while (current !== null) {
      expect(seen.has(current)).toBe(false)
      seen.add(current)
      current = dump.pages.get(current)!.parent
    }
  }
  const paths = [...dump.paths.values()]
  expect(new Set(paths).size).toBe(paths.length)
}
