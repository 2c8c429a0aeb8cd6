import { Effect } from "effect"
import type { PageValue } from "../objects.js"
import { childPages } from "../paths.js"
import type { WorkingTree } from "../WorkingTree.js"
import { invalid } from "./BatchState.js"

/**
 * Puts `id` among the children of `parent` at zero-based `at` (counted without the page
 * itself; past the end, or absent, means last), taking it out of where it was in that list.
 */
export const placeAmong = (tree: WorkingTree, id: string, parent: string | null, at: number | undefined) =>
  Effect.map(tree.children(parent), (ids) => {
    const others = ids.filter((child) => child !== id)
    const index = at === undefined ? others.length : Math.min(at, others.length)
    tree.setChildren(parent, [...others.slice(0, index), id, ...others.slice(index)])
  })

/** Takes `id` out of the children of `parent`. */
export const detachFrom = (tree: WorkingTree, id: string, parent: string | null) =>
  Effect.map(tree.children(parent), (ids) => {
    if (ids.includes(id)) tree.setChildren(parent, ids.filter((child) => child !== id))
  })

/** Fails unless `slug` is free among the children of `parent` (the page `self` aside). */
export const ensureFreeSlug = (
  tree: WorkingTree,
  change: number,
  field: string,
  parent: string | null,
  slug: string | undefined,
  self: string
) =>
  slug === undefined
    ? Effect.void
    : Effect.flatMap(childPages(tree, parent), (siblings) => {
        const taken = siblings.find((page: PageValue) => page.id !== self && page.slug === slug)
        return taken === undefined
          ? Effect.void
          : invalid(
              change,
              field,
              `the slug "${slug}" is already used by the page "${taken.title}" (${taken.id}) in the same parent; slugs must be unique among siblings (set \`slug\` to another value)`
            )
      })

/** Fails unless `parent` is a page that can hold subpages (document or group). */
export const ensureParent = (tree: WorkingTree, change: number, field: string, parent: string | null) =>
  parent === null
    ? Effect.void
    : Effect.flatMap(tree.page(parent), (page) =>
        page === undefined
          ? invalid(change, field, `no page "${parent}" in the revision (nor a ref of a page inserted earlier in the batch)`)
          : page.type === "link" || page.type === "computed"
            ? invalid(change, field, `the page "${page.title}" is a ${page.type} page, which cannot have subpages`)
            : Effect.void
      )
