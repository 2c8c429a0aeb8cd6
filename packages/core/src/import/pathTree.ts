import { Effect } from "effect"
import { slugify } from "../content/markdown/slugify.js"
import type { ImportedPage } from "../content/tree/importPages.js"
import { makeId } from "../shared/ids.js"
import { titleFromName } from "./titles.js"

/** A page found at a path (a zip's folders, a URL's segments); `[]` is the root's page. */
export interface PathPage {
  readonly path: ReadonlyArray<string>
  readonly title: string
  readonly markdown: string
}

export interface PathTreeOptions {
  /** Give a folder that has no page of its own a group page, so its pages stay together. */
  readonly groups: boolean
}

interface Node {
  readonly key: string
  readonly path: ReadonlyArray<string>
  readonly page: Omit<ImportedPage, "id" | "parent" | "slug">
}

const keyOf = (path: ReadonlyArray<string>) => path.join("/")

/** A slug from the path's last segment, made unique among its siblings with `-2`, `-3`, ... */
const uniqueSlug = (taken: Set<string>, wanted: string) => {
  let slug = wanted
  for (let n = 2; taken.has(slug); n++) slug = `${wanted.slice(0, 95)}-${n}`
  taken.add(slug)
  return slug
}

/**
 * Pages placed by their paths, parents first, siblings in the order given: a page's parent is
 * the page at the nearest enclosing path (the root's page is the first top-level page, not
 * every page's parent). Ids are made; slugs come from the last segment, unique among siblings.
 * The first page at a path wins (over a folder's group page too).
 */
export const pagesByPath = (found: ReadonlyArray<PathPage>, options: PathTreeOptions) =>
  Effect.gen(function* () {
    const nodes = new Map<string, Node>()
    const order: Array<Node> = []
    const add = (node: Node) => {
      const there = nodes.get(node.key)
      if (there === undefined) order.push(node)
      else if (there.page.type === "group" && node.page.type !== "group") order[order.indexOf(there)] = node
      else return
      nodes.set(node.key, node)
    }
    for (const { path, title, markdown } of found) {
      if (options.groups) {
        for (let depth = 1; depth < path.length; depth++) {
          const folder = path.slice(0, depth)
          add({ key: keyOf(folder), path: folder, page: { type: "group", title: titleFromName(folder[depth - 1]!) } })
        }
      }
      add({ key: keyOf(path), path, page: { title, markdown } })
    }
    const parentOf = (node: Node): string | null => {
      for (let depth = node.path.length - 1; depth >= 1; depth--) {
        const key = keyOf(node.path.slice(0, depth))
        if (nodes.has(key)) return key
      }
      return null
    }
    const children = new Map<string | null, Array<Node>>()
    for (const node of order) {
      const parent = parentOf(node)
      const siblings = children.get(parent)
      if (siblings === undefined) children.set(parent, [node])
      else siblings.push(node)
    }
    const ids = yield* Effect.all(order.map(() => makeId<string>()))
    const idOf = new Map(order.map((node, index) => [node.key, ids[index]!]))
    const pages: Array<ImportedPage> = []
    const visit = (parent: string | null) => {
      const taken = new Set<string>()
      for (const node of children.get(parent) ?? []) {
        const last = node.path[node.path.length - 1]
        const slug = uniqueSlug(taken, slugify(last === undefined ? node.page.title : titleFromName(last)))
        pages.push({ ...node.page, id: idOf.get(node.key)!, slug, parent: parent === null ? null : idOf.get(parent)! })
        visit(node.key)
      }
    }
    visit(null)
    return pages as ReadonlyArray<ImportedPage>
  })
