import { firstDocument, type ReaderSiteSpace, type RevisionPage } from "@quire/core"
import { describe, expect, it } from "vitest"
import { documentPages, neighbours, SIDEBAR_FULL_MAX, sidebarOf } from "../../adapters/http/src/reader/navigation.js"
import type { ReaderNavEntry } from "../../adapters/http/src/reader/html/views.js"

const doc = (id: string, path: string, pages: ReadonlyArray<RevisionPage> = [], extra: Record<string, unknown> = {}) =>
  ({ id, title: id, type: "document", kind: "sheet", path, slug: path.split("/").pop(), pages, ...extra }) as unknown as RevisionPage
const group = (id: string, path: string, pages: ReadonlyArray<RevisionPage>) =>
  ({ id, title: id, type: "group", kind: "group", path, slug: path, pages }) as unknown as RevisionPage

const siteSpace = { id: "ss", spaceId: "s", revisionId: "r", title: "Guides", urlPath: "", segment: "", isDefault: true } as unknown as ReaderSiteSpace
const base = "https://x/sites/o/docs"

const count = (entries: ReadonlyArray<ReaderNavEntry>): number => entries.reduce((n, e) => n + 1 + count(e.pages), 0)

/** `groups` groups of `each` pages, every first page with one child. */
const tree = (groups: number, each: number) =>
  Array.from({ length: groups }, (_, g) =>
    group(`g${g}`, `g${g}`, Array.from({ length: each }, (_, p) => doc(`g${g}p${p}`, `g${g}/p${p}`, p === 0 ? [doc(`g${g}p${p}c`, `g${g}/p${p}/c`)] : [])))
  )

describe("the reader's navigation", () => {
  it("the site space's address shows its first document page, depth first, groups passed through", () => {
    const pages = tree(2, 2)
    expect(firstDocument(pages)?.id).toBe("g0p0")
    expect(firstDocument(pages, "g1")?.id).toBe("g1p0")
    expect(firstDocument([group("empty", "empty", [])])).toBeUndefined()
    const entries = documentPages(base, siteSpace, pages)
    expect(entries[0]).toMatchObject({ id: "g0p0", href: base })
    expect(entries[1]).toMatchObject({ id: "g0p0c", href: `${base}/g0/p0/c` })
  })

  it("a small tree is sent whole, open down to the current page", () => {
    const pages = tree(3, 3)
    const sidebar = sidebarOf(base, siteSpace, pages, "g2p0c")
    expect(count(sidebar)).toBe(3 + 3 * 3 + 3)
    expect(sidebar[2]).toMatchObject({ open: true, pages: [{ open: true, pages: [{ current: true }] }, {}, {}] })
    expect(sidebar[0]!.open).toBe(false)
  })

  it("a large tree is sent as the root level and the way to the current page; a closed group links to its first page", () => {
    const pages = tree(40, 10)
    const sidebar = sidebarOf(base, siteSpace, pages, "g7p0c")
    expect(count(sidebar)).toBeLessThan(SIDEBAR_FULL_MAX / 4)
    expect(sidebar).toHaveLength(40)
    expect(sidebar[0]).toMatchObject({ href: base, pages: [] })
    expect(sidebar[3]).toMatchObject({ href: `${base}/g3/p0`, pages: [] })
    expect(sidebar[7]!.pages).toHaveLength(10)
    expect(sidebar[7]!.pages[0]).toMatchObject({ open: true, pages: [{ current: true, href: `${base}/g7/p0/c` }] })
  })

  it("previous and next follow the document pages in order, hidden ones left out", () => {
    const pages = [doc("a", "a"), doc("b", "b", [], { hidden: true }), doc("c", "c")]
    const entries = documentPages(base, siteSpace, pages)
    expect(neighbours(entries, "a")).toEqual({ previous: undefined, next: { title: "c", href: `${base}/c`, current: false } })
    expect(sidebarOf(base, siteSpace, pages, "a").map((e) => e.title)).toEqual(["a", "c"])
  })
})
