import { describe, expect, it } from "@effect/vitest"
import {
  inAppUrl,
  type LinkIndex,
  linkIndexOfDocuments,
  linkStats,
  makeLinkIndexes,
  type PageValue,
  pageLayout,
  pagesInTreeOrder,
  type PageType
} from "@quire/core"
import { Effect, FastCheck as fc } from "effect"

/**
 * The link index of a revision, computed from its documents alone: what counts as a link,
 * how targets resolve and what their status is, and the laws that tie links, stats and
 * backlinks together.
 */

type Doc = { readonly id: string; readonly slug?: string; readonly parent: string | null; readonly markdown?: string; readonly type?: PageType }
const index = (pages: ReadonlyArray<Doc>, files: ReadonlyArray<string> = [], base = "http://quire.test") =>
  linkIndexOfDocuments(
    pages.map((page) => ({ type: "document" as const, ...page })),
    files,
    { isInApp: inAppUrl(base) }
  )

/** A link of the index as `[kind, id or url, status, pages]`. */
const summary = (links: LinkIndex["links"]) =>
  links.map((link) => {
    const t = link.target
    const what = t.kind === "url" ? t.url : t.kind === "file" ? t.file : t.kind === "anchor" ? `${t.page}#${t.anchor}` : t.page
    return [t.kind, what, link.status, link.pages]
  })

describe("what a link is", () => {
  const pages: ReadonlyArray<Doc> = [
    {
      id: "intro",
      slug: "intro",
      parent: null,
      markdown: [
        "See [guide](/pages/guide), [gone](/pages/nowhere) and [a section](/pages/guide#setup).",
        "![diagram](/files/diagram) and [missing file](/files/lost).",
        "[site](https://example.com/docs), [app](http://quire.test/s/space/intro), [top](#top).",
        "[again](/pages/guide) [mail](mailto:ada@example.com)",
        "",
        "[ref]: https://example.com/defined"
      ].join("\n")
    },
    { id: "guide", slug: "guide", parent: null, markdown: "Back to [intro](/pages/intro); ![diagram again](/files/diagram)." },
    { id: "empty", slug: "empty", parent: null }
  ]
  const built = index(pages, ["diagram", "unused"])

  it("every link, image and definition to a page, file or URL; one link per distinct target; anchors of the same page are none", () => {
    expect(summary(built.links)).toEqual([
      ["page", "guide", "ok", ["intro"]],
      ["page", "nowhere", "broken", ["intro"]],
      ["anchor", "guide#setup", "ok", ["intro"]],
      ["file", "diagram", "ok", ["intro", "guide"]],
      ["file", "lost", "broken", ["intro"]],
      ["url", "https://example.com/docs", "ok", ["intro"]],
      ["url", "http://quire.test/s/space/intro", "in-app", ["intro"]],
      ["url", "mailto:ada@example.com", "ok", ["intro"]],
      ["url", "https://example.com/defined", "ok", ["intro"]],
      ["page", "intro", "ok", ["guide"]]
    ])
  })

  it("each page has its own links, in document order; a page without a document has none", () => {
    expect(built.pages.get("intro")).toHaveLength(9)
    expect(built.pages.get("guide")!.map((link) => link.target)).toEqual([
      { kind: "page", page: "intro" },
      { kind: "file", file: "diagram" }
    ])
    expect(built.pages.get("empty")).toEqual([])
    expect(built.pages.has("nowhere")).toBe(false)
  })

  it("a file's backlinks are the pages that use it, once each; an unused file has none; a missing one is not a file", () => {
    expect(built.files.get("diagram")).toEqual(["intro", "guide"])
    expect(built.files.get("unused")).toEqual([])
    expect(built.files.has("lost")).toBe(false)
  })

  it("paths resolve against the tree: relative, absolute, README and .md links; /pages/<slug> names a top-level page", () => {
    const built = index([
      { id: "root", slug: "welcome", parent: null, markdown: "[child](guide/setup.md) [abs](/guide) [slug](/pages/guide) [none](./nothing.md)" },
      { id: "g", slug: "guide", parent: null, markdown: "[setup](setup.md) [up](../README.md) [image](./chart.png)" },
      { id: "s", slug: "setup", parent: "g", markdown: "[sibling](./other.md#part) [parent](../guide/README.md)" },
      { id: "o", slug: "other", parent: "g" }
    ])
    expect(summary(built.links)).toEqual([
      ["page", "s", "ok", ["root", "g"]],
      ["page", "g", "ok", ["root", "s"]],
      ["url", "./nothing.md", "broken", ["root"]],
      ["page", "root", "ok", ["g"]],
      ["url", "./chart.png", "broken", ["g"]],
      ["anchor", "o#part", "ok", ["s"]]
    ])
  })

  it("in-app: a URL under the public URL (any case of host, with or without scheme), not one beside it", () => {
    const inApp = inAppUrl("https://docs.example.com/quire/")
    expect(inApp("https://docs.example.com/quire")).toBe(true)
    expect(inApp("https://DOCS.example.com/quire/s/abc/page")).toBe(true)
    expect(inApp("//docs.example.com/quire/v1/spaces")).toBe(true)
    expect(inApp("https://docs.example.com/quirestuff")).toBe(false)
    expect(inApp("http://docs.example.com/quire/s")).toBe(false)
    expect(inApp("https://other.example.com/quire")).toBe(false)
    expect(inApp("mailto:quire@docs.example.com")).toBe(false)
    expect(inAppUrl("not a url")("https://x.test")).toBe(false)
  })
})

describe("where pages are", () => {
  it("paths are the slugs from the root, documents sit where Git would keep them, and \"\" is the first root document", () => {
    const layout = pageLayout([
      { id: "group", type: "group", slug: "group", parent: null, document: null },
      { id: "a", type: "document", slug: "a", parent: null, document: "h1" },
      { id: "b", type: "document", slug: "b", parent: "a", document: "h2" },
      { id: "orphan", type: "document", slug: "o", parent: "missing", document: "h3" }
    ])
    expect(layout.pages.map((p) => [p.id, p.path, p.documentPath])).toEqual([
      ["group", "group", "group.md"],
      ["a", "a", "a/README.md"],
      ["b", "a/b", "a/b.md"]
    ])
    expect(layout.byPath.get("")).toBe("a")
    expect(layout.byPath.get("a/b")).toBe("b")
    expect(layout.topLevelBySlug.get("group")).toBe("group")
  })

  it("pagesInTreeOrder walks the children lists depth first, in order", () => {
    const page = (id: string, parent: string | null) => ({ id, parent, type: "document", document: null }) as unknown as PageValue
    const pages = new Map([["a", page("a", null)], ["b", page("b", "a")], ["c", page("c", null)], ["d", page("d", "a")]])
    const children = new Map([["", ["a", "c"]], ["a", ["d", "b"]]])
    expect(pagesInTreeOrder(pages, children).map((p) => p.id)).toEqual(["a", "d", "b", "c"])
  })
})

describe("stats", () => {
  it("count every link, the broken ones, and those a change request broke that its base did not", () => {
    const base = index([{ id: "a", parent: null, markdown: "[b](/pages/b) [c](/pages/c) [x](/pages/x)" }, { id: "b", parent: null }, { id: "c", parent: null }])
    const changed = index([{ id: "a", parent: null, markdown: "[b](/pages/b) [c](/pages/c) [x](/pages/x) [y](/files/y)" }, { id: "c", parent: null }])
    expect(linkStats(base.links)).toEqual({ total: 3, broken: { total: 1, changeRequest: 0 } })
    expect(linkStats(changed.links)).toEqual({ total: 4, broken: { total: 3, changeRequest: 0 } })
    expect(linkStats(changed.links, base.links)).toEqual({ total: 4, broken: { total: 3, changeRequest: 2 } })
    expect(linkStats(changed.pages.get("a")!, [])).toEqual({ total: 4, broken: { total: 3, changeRequest: 3 } })
  })
})

describe("the index cache", () => {
  it.effect("computes a revision once, and parses a document again only at a new path", () =>
    Effect.gen(function* () {
      const indexes = makeLinkIndexes({ revisions: 2 })
      let opened = 0
      const documents: Array<number> = []
      const page = (id: string, document: string | null) =>
        ({ id, type: "document", slug: id, parent: null, document }) as unknown as PageValue
      const tree = (pages: ReadonlyArray<PageValue>) =>
        Effect.sync(() => {
          opened++
          return {
            reader: {
              allPages: Effect.succeed(new Map(pages.map((p) => [p.id, p]))),
              allChildren: Effect.succeed(new Map([["", pages.map((p) => p.id)]])),
              files: Effect.succeed([]),
              documents: (hashes: Iterable<string>) =>
                Effect.sync(() => {
                  const wanted = [...hashes]
                  documents.push(wanted.length)
                  return new Map(wanted.map((hash) => [hash, `[link](/pages/${hash})`]))
                })
            }
          } as never
        })
      const one = yield* indexes.indexOf("r1", () => tree([page("a", "b"), page("b", "a")]))
      const again = yield* indexes.indexOf("r1", () => tree([]))
      expect(again).toBe(one)
      expect(opened).toBe(1)
      yield* indexes.indexOf("r2", () => tree([page("a", "b"), page("b", "a"), page("c", "a")]))
      expect(documents).toEqual([2, 1])
      // Two kept: r3 makes one go, the one not read since it was made (r2; r1 was read again).
      yield* indexes.indexOf("r3", () => tree([]))
      yield* indexes.indexOf("r1", () => tree([]))
      expect(opened).toBe(3)
      yield* indexes.indexOf("r2", () => tree([page("a", "b")]))
      expect(opened).toBe(4)
      expect(indexes.size).toBe(2)
    })
  )
})

/** A random revision: pages p0..pN (parents before children), files f0, f1, documents linking to pages, files and URLs, some missing. */
const revision = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: -1, max: i - 1 }))),
    refs: fc.tuple(
      ...Array.from({ length: n }, () =>
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: n + 1 }).map((k) => `/pages/p${k}`),
            fc.integer({ min: 0, max: 3 }).map((k) => `/files/f${k}`),
            fc.integer({ min: 0, max: 2 }).map((k) => `https://example.com/${k}`),
            fc.constant("http://quire.test/s/x"),
            fc.constant("#anchor")
          ),
          { maxLength: 6 }
        )
      )
    )
  })
)
type Revision = { readonly parents: ReadonlyArray<number>; readonly refs: ReadonlyArray<ReadonlyArray<string>> }
const files = ["f0", "f1"]
const docsOf = (r: Revision): ReadonlyArray<Doc> =>
  r.parents.map((parent, i) => ({
    id: `p${i}`,
    slug: `s${i}`,
    parent: parent < 0 ? null : `p${parent}`,
    markdown: r.refs[i]!.map((ref, k) => `[l${k}](${ref})`).join(" ")
  }))

describe("laws", () => {
  it("stats.total is the number of links, and every page's links are the links it is a location of", () => {
    fc.assert(
      fc.property(revision, (r) => {
        const built = index(docsOf(r), files)
        expect(linkStats(built.links).total).toBe(built.links.length)
        expect(linkStats(built.links).broken.total).toBe(built.links.filter((l) => l.status === "broken").length)
        for (const [page, links] of built.pages) {
          expect(new Set(links.map((l) => l.key))).toEqual(new Set(built.links.filter((l) => l.pages.includes(page)).map((l) => l.key)))
        }
        const targets = new Set(r.refs.flat().filter((ref) => !ref.startsWith("#")))
        expect(built.links.length).toBe(targets.size)
      })
    )
  })

  it("a link is broken exactly when the revision lacks its page or file; URLs into Quire are in-app", () => {
    fc.assert(
      fc.property(revision, (r) => {
        const built = index(docsOf(r), files)
        for (const link of built.links) {
          const t = link.target
          const expected =
            t.kind === "page" ? (Number(t.page.slice(1)) < r.parents.length ? "ok" : "broken")
            : t.kind === "file" ? (files.includes(t.file) ? "ok" : "broken")
            : t.kind === "url" && t.url.startsWith("http://quire.test") ? "in-app"
            : "ok"
          expect(link.status).toBe(expected)
        }
      })
    )
  })

  it("a file used by k pages has k backlinks", () => {
    fc.assert(
      fc.property(revision, (r) => {
        const built = index(docsOf(r), files)
        for (const file of files) {
          const users = r.refs.flatMap((refs, i) => (refs.includes(`/files/${file}`) ? [`p${i}`] : []))
          expect(built.files.get(file)).toEqual(users)
        }
      })
    )
  })

  it("deleting a page turns the links to it broken and changes no other link's status", () => {
    fc.assert(
      fc.property(revision, fc.nat(), (r, pick) => {
        const docs = docsOf(r)
        const leaves = docs.filter((d) => !docs.some((other) => other.parent === d.id))
        const gone = leaves[pick % leaves.length]!.id
        const before = index(docs, files)
        const after = index(docs.filter((d) => d.id !== gone), files)
        const statusAfter = new Map(after.links.map((l) => [l.key, l.status]))
        for (const link of before.links) {
          const pages = link.pages.filter((p) => p !== gone)
          if (pages.length === 0) {
            expect(statusAfter.has(link.key)).toBe(false)
            continue
          }
          const pointsAtGone = link.target.kind === "page" && link.target.page === gone
          expect(statusAfter.get(link.key)).toBe(pointsAtGone ? "broken" : link.status)
        }
      })
    )
  })
})
