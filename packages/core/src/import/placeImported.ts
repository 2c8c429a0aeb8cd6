import { Effect } from "effect"
import { slugify } from "../content/markdown/slugify.js"
import type { ImportedPage } from "../content/tree/importPages.js"
import { makeId } from "../shared/ids.js"

/** `slug`, or `slug-2`, `slug-3`… : the first not in `taken`. */
const uniqueSlug = (slug: string, taken: ReadonlySet<string>) => {
  if (!taken.has(slug)) return slug
  let n = 2
  while (taken.has(`${slug}-${n}`)) n++
  return `${slug}-${n}`
}

/**
 * The imported pages made ready to sit beside existing content: every page gets a new id (an
 * id a source carries, in frontmatter, could name a page already there), parents following;
 * a root page's slug is made unique among the existing root pages' (`takenRootSlugs`).
 */
export const placeImported = (pages: ReadonlyArray<ImportedPage>, takenRootSlugs: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const ids = new Map<string, string>()
    const taken = new Set(takenRootSlugs)
    const placed: Array<ImportedPage> = []
    for (const page of pages) {
      const id = yield* makeId<string>()
      if (page.id !== undefined) ids.set(page.id, id)
      const parent = page.parent == null ? null : (ids.get(page.parent) ?? page.parent)
      if (parent !== null) {
        placed.push({ ...page, id, parent })
        continue
      }
      const slug = uniqueSlug(page.slug ?? slugify(page.title), taken)
      taken.add(slug)
      placed.push({ ...page, id, parent, slug })
    }
    return placed
  })
