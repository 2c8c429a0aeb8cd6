import { ObjectStore, type SpaceId } from "@quire/core"
import type { StoragePorts } from "@quire/core"
import { Effect, Layer } from "effect"
import { PersistentMapsLive } from "../../packages/core/src/content/store/index.js"
import {
  applyChanges,
  diffRevisions,
  type ImportedPage,
  importPages,
  mergeRevisions
} from "../../packages/core/src/content/tree/index.js"
import { median } from "./median.js"

/** What one space size measures: medians of `repeats` runs, after one warm-up run. */
export interface ContentFigures {
  readonly pages: number
  readonly applyMs: number
  readonly diffMs: number
  readonly mergeMs: number
  /** Objects a one-page edit writes, and a merge of two one-page edits. */
  readonly applyObjects: number
  readonly mergeObjects: number
  /** Storage bytes (object bodies) a one-page edit adds. */
  readonly bytesPerEdit: number
  readonly importSeconds: number
}

const SPACE = "bench-space" as SpaceId

const paragraph = (n: number) =>
  `Paragraph ${n} explains one step of the procedure in a few sentences, with a [link](https://example.com/${n}) ` +
  "and some `inline code`, as documentation pages do. It is long enough to look like real prose."

const pageMarkdown = (n: number) => `## Overview\n\n${paragraph(n)}\n\n## Details\n\n${paragraph(n + 1)}\n\n- one\n- two\n- three\n`

/** `pages` pages in a realistic shape: about √n groups at the root, each holding an equal share of document pages. */
export const spaceOfSize = (pages: number): ReadonlyArray<ImportedPage> => {
  const groups = Math.max(1, Math.round(Math.sqrt(pages)))
  const documents = pages - groups
  const out: Array<ImportedPage> = []
  let n = 0
  for (let g = 0; g < groups; g++) {
    const group = `g${g}`
    out.push({ id: group, type: "group", title: `Group ${g}`, slug: `group-${g}` })
    const count = Math.floor(documents / groups) + (g < documents % groups ? 1 : 0)
    for (let p = 0; p < count; p++) out.push({ id: `p${g}-${p}`, title: `Page ${g}.${p}`, parent: group, markdown: pageMarkdown(n++) })
  }
  return out
}

const timed = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const start = performance.now()
    const value = yield* self
    return { value, ms: performance.now() - start }
  })

const edit = (page: string, round: number) => [
  { operation: "update_page" as const, page, document: { markdown: `## Overview\n\nEdited in round ${round}.\n` } }
]

/** Measures one space size on a storage of its own. */
export const measureContentSize = (pages: number, repeats: number) =>
  Effect.gen(function* () {
    const store = yield* ObjectStore
    const importStart = performance.now()
    const { revision: base } = yield* importPages(spaceOfSize(pages), { spaceId: SPACE })
    const importSeconds = (performance.now() - importStart) / 1000
    const groups = Math.max(1, Math.round(Math.sqrt(pages)))
    const pageAt = (round: number, side: number) => `p${(round * 7 + side * 3) % groups}-${side}`
    const apply: Array<number> = []
    const diff: Array<number> = []
    const merge: Array<number> = []
    let applyObjects = 0
    let mergeObjects = 0
    let bytesPerEdit = 0
    for (let round = 0; round <= repeats; round++) {
      const before = yield* store.size
      const ours = yield* timed(applyChanges(base.id, edit(pageAt(round, 0), round)))
      const after = yield* store.size
      const theirs = yield* applyChanges(base.id, edit(pageAt(round, 1), round))
      const changes = yield* timed(diffRevisions(base.id, ours.value.revision.id, { urls: benchUrls }))
      if (changes.value.changes.length !== 1) throw new Error(`content bench: expected one change, got ${changes.value.changes.length}`)
      const merged = yield* timed(mergeRevisions(base.id, ours.value.revision.id, theirs.revision.id))
      if (merged.value._tag !== "Merged") throw new Error("content bench: the two one-page edits did not merge")
      if (round === 0) continue // warm-up
      apply.push(ours.ms)
      diff.push(changes.ms)
      merge.push(merged.ms)
      applyObjects = ours.value.objectsWritten
      mergeObjects = merged.value.objectsWritten
      bytesPerEdit = after.bytes - before.bytes
    }
    return {
      pages,
      applyMs: median(apply),
      diffMs: median(diff),
      mergeMs: median(merge),
      applyObjects,
      mergeObjects,
      bytesPerEdit,
      importSeconds
    } satisfies ContentFigures
  })

const benchUrls = { revision: () => "", page: () => "", file: () => "" }

/** A fresh, empty storage for one size (a SQLite file, a Postgres database), and how to remove it. */
export type ContentStorage = (pages: number) => Promise<{
  readonly layer: Layer.Layer<StoragePorts, unknown>
  readonly release: () => Promise<void>
}>

/** Both sizes of the benchmark, each on a storage of its own, one after the other. */
export const measureContent = async (
  storageFor: ContentStorage,
  sizes: ReadonlyArray<number> = [10, 10_000],
  repeats = 15
): Promise<ReadonlyArray<ContentFigures>> => {
  const figures: Array<ContentFigures> = []
  for (const pages of sizes) {
    const storage = await storageFor(pages)
    try {
      const layer = PersistentMapsLive.pipe(Layer.provideMerge(storage.layer))
      figures.push(await Effect.runPromise(measureContentSize(pages, repeats).pipe(Effect.provide(layer))))
    } finally {
      await storage.release()
    }
  }
  return figures
}
