import { Effect } from "effect"
import { ROOT_KEY } from "../objects.js"
import { conflictOn, type MergeState } from "./MergeState.js"

const parentOfKey = (key: string) => (key === ROOT_KEY ? null : key)

/**
 * Makes the merged page tree a tree again, or says why it cannot be. `pages` are the pages
 * either side changed; `lists` the parents whose structure both sides touched. Each of those
 * lists keeps exactly the pages whose merged parent it is (a page kept twice or moved away by
 * the other side drops out; one missing is appended); then a page under a parent the other
 * side deleted, two siblings with one slug, and a cycle of moves are conflicts.
 */
export const settleStructure = (state: MergeState, pages: ReadonlySet<string>, lists: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const { tree } = state
    const merged = yield* tree.pages([...pages])
    const orphans = new Set<string>()
    for (const page of merged.values()) {
      if (page.parent === null || (yield* tree.page(page.parent)) !== undefined) continue
      if (orphans.has(page.parent)) continue
      orphans.add(page.parent)
      yield* conflictOn(state, "deleted-parent", page.parent, `one side deleted the page, the other put the page "${page.title}" under it`, {
        other: { id: page.id, title: page.title }
      })
    }

    for (const key of [...lists].sort()) {
      const parent = parentOfKey(key)
      if (parent !== null && (yield* tree.page(parent)) === undefined) {
        tree.setChildren(parent, [])
        continue
      }
      const listed = yield* tree.children(parent)
      const members = yield* tree.pages(listed)
      const kept = [...new Set(listed)].filter((id) => members.get(id)?.parent === parent)
      const missing = [...merged.values()].filter((page) => page.parent === parent && !kept.includes(page.id)).map((page) => page.id)
      const list = [...kept, ...missing.sort()]
      if (list.length !== listed.length || list.some((id, index) => id !== listed[index])) tree.setChildren(parent, list)
      const bySlug = new Map<string, string>()
      for (const id of list) {
        const page = members.get(id) ?? merged.get(id)!
        if (page.slug === undefined) continue
        const holder = bySlug.get(page.slug)
        if (holder === undefined) {
          bySlug.set(page.slug, id)
          continue
        }
        const [first, second] = holder < id ? [holder, id] : [id, holder]
        const other = (members.get(second) ?? merged.get(second))!
        yield* conflictOn(state, "slug", first, `after merging, the page and "${other.title}" have the same slug "${page.slug}" under the same parent`, {
          other: { id: other.id, title: other.title }
        })
      }
    }

    const reported = new Set<string>()
    for (const start of [...merged.keys()].sort()) {
      const path: Array<string> = []
      let current: string | null = start
      while (current !== null && !path.includes(current)) {
        path.push(current)
        current = (yield* tree.page(current))?.parent ?? null
      }
      if (current === null) continue
      const cycle = path.slice(path.indexOf(current))
      const first = [...cycle].sort()[0]!
      if (reported.has(first)) continue
      reported.add(first)
      const next = cycle[(cycle.indexOf(first) + 1) % cycle.length]!
      const nextPage = yield* tree.page(next)
      yield* conflictOn(state, "cycle", first, "after merging, moves on both sides would put the page under itself", {
        other: { id: next, title: nextPage?.title ?? next }
      })
    }
  })
