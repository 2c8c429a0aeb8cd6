import { type ImportedPage, type LayoutPage, type PageValue, writeLayout } from "@quire/core"
import { Effect } from "effect"
import { zipSync } from "fflate"
import { spaceOfSize } from "../contentEngine.js"

/** The pages an import bench imports, and the same pages as the files of Quire's Git layout and as a zip of them. */
export interface ImportCorpus {
  readonly pages: ReadonlyArray<ImportedPage>
  readonly files: ReadonlyMap<string, Uint8Array | string>
  readonly zip: Uint8Array
}

const AT = "2024-01-01T00:00:00.000Z"

/** The engine bench's space of `count` pages (about √n groups of documents) as the layout's input. */
const layoutPages = (pages: ReadonlyArray<ImportedPage>): ReadonlyArray<LayoutPage> => {
  const children = new Map<string | null, Array<ImportedPage>>()
  for (const page of pages) {
    const parent = page.parent ?? null
    children.set(parent, [...(children.get(parent) ?? []), page])
  }
  const build = (parent: string | null): ReadonlyArray<LayoutPage> =>
    (children.get(parent) ?? []).map((page): LayoutPage => {
      const value: PageValue = {
        id: page.id!,
        type: page.type ?? "document",
        title: page.title,
        slug: page.slug ?? page.id!,
        hidden: false,
        noIndex: false,
        noRobotsIndex: false,
        createdAt: AT,
        updatedAt: AT,
        document: null,
        parent
      }
      return { page: value, body: page.markdown ?? "", children: build(page.id!) }
    })
  return build(null)
}

const utf8 = new TextEncoder()

/** `count` generated pages, written by `writeLayout` (a `SUMMARY.md`, a file per page) and zipped with fflate. */
export const importCorpus = (count: number): ImportCorpus => {
  const pages = spaceOfSize(count).map((page) => (page.type === "group" ? page : { ...page, slug: `page-${page.id}` }))
  const files = Effect.runSync(writeLayout({ pages: layoutPages(pages), files: [] }))
  const zip = zipSync(Object.fromEntries([...files].map(([path, content]) => [path, typeof content === "string" ? utf8.encode(content) : content])))
  return { pages, files, zip }
}
