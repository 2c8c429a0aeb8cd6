import type { RevisionPage } from "../content/tree/render/wire.js"

const childrenOf = (page: RevisionPage): ReadonlyArray<RevisionPage> =>
  "pages" in page ? (page.pages as ReadonlyArray<RevisionPage>) : []

const firstIn = (pages: ReadonlyArray<RevisionPage>): RevisionPage | undefined => {
  for (const page of pages) {
    if (page.type === "document") return page
    const nested = firstIn(childrenOf(page))
    if (nested !== undefined) return nested
  }
  return undefined
}

const find = (pages: ReadonlyArray<RevisionPage>, id: string): RevisionPage | undefined => {
  for (const page of pages) {
    if (page.id === id) return page
    const nested = find(childrenOf(page), id)
    if (nested !== undefined) return nested
  }
  return undefined
}

/**
 * The document page a reader is shown for a place that is not one: the first document page,
 * depth first, of a site space (`under` absent: what its own address shows) or under a group.
 */
export const firstDocument = (pages: ReadonlyArray<RevisionPage>, under?: string): RevisionPage | undefined => {
  if (under === undefined) return firstIn(pages)
  const group = find(pages, under)
  return group === undefined ? undefined : firstIn(childrenOf(group))
}
