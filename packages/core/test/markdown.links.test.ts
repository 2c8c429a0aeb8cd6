import { describe, expect, it } from "@effect/vitest"
import {
  classifyUrl,
  documentPath,
  parseDocument,
  type ResolvableReference,
  type ResolvedLink,
  resolveLinks
} from "../src/content/markdown/index.js"

describe("documentPath: where a page's document would be in Git", () => {
  it("is <path>.md for a leaf, <path>/README.md for a page with children, README.md for the root", () => {
    expect(documentPath("guides/setup", { hasChildren: false })).toBe("guides/setup.md")
    expect(documentPath("guides", { hasChildren: true })).toBe("guides/README.md")
    expect(documentPath("", { hasChildren: true })).toBe("README.md")
  })
})

describe("classifyUrl", () => {
  it("resolves relative links against the folder of the document, as Git does", () => {
    const leaf = documentPath("guides/setup", { hasChildren: false })
    expect(classifyUrl("./sibling.md", leaf)).toEqual({ kind: "page-path", path: "guides/sibling" })
    expect(classifyUrl("sibling.md", leaf)).toEqual({ kind: "page-path", path: "guides/sibling" })
    expect(classifyUrl("./README.md", leaf)).toEqual({ kind: "page-path", path: "guides" })
    expect(classifyUrl("../other.md", leaf)).toEqual({ kind: "page-path", path: "other" })
    const parent = documentPath("guides/setup", { hasChildren: true })
    expect(classifyUrl("../README.md", parent)).toEqual({ kind: "page-path", path: "guides" })
    expect(classifyUrl("./child.md#part", parent)).toEqual({ kind: "page-path", path: "guides/setup/child", anchor: "part" })
  })

  it("resolves relative links from the space root when the document's path is not given", () => {
    expect(classifyUrl("./a/b.md")).toEqual({ kind: "page-path", path: "a/b" })
    expect(classifyUrl("../../a.md")).toEqual({ kind: "page-path", path: "a" })
  })

  it("drops queries, decodes percent-escapes and trailing slashes", () => {
    expect(classifyUrl("/pages/my%20page/sub/?x=1#a%20b")).toEqual({ kind: "page-path", path: "my page/sub", anchor: "a b" })
    expect(classifyUrl("/guide/setup")).toEqual({ kind: "page-path", path: "guide/setup" })
    expect(classifyUrl("/pages/")).toEqual({ kind: "page-path", path: "" })
  })

  it("tells URLs, page IDs, files and anchors apart", () => {
    expect(classifyUrl("HTTPS://Example.com")).toEqual({ kind: "url", url: "HTTPS://Example.com" })
    expect(classifyUrl("//cdn.example.com/a.png")).toEqual({ kind: "url", url: "//cdn.example.com/a.png" })
    expect(classifyUrl("data:image/png;base64,AAAA")).toMatchObject({ kind: "url" })
    expect(classifyUrl("/pages/abc#")).toEqual({ kind: "page", page: "abc" })
    expect(classifyUrl("/files/f1?download=1")).toEqual({ kind: "file", file: "f1" })
    expect(classifyUrl("/files/a/b.png")).toEqual({ kind: "file-path", path: "files/a/b.png" })
    expect(classifyUrl("#")).toEqual({ kind: "anchor", anchor: "" })
    expect(classifyUrl("  ")).toBeUndefined()
  })
})

describe("resolveLinks", () => {
  const tree: Record<string, string> = { "": "root", guides: "g1", "guides/setup": "s1", "guides/other": "o1" }
  const files: Record<string, string> = { "diagram.png": "f9" }
  const resolver = (reference: ResolvableReference): ResolvedLink | undefined => {
    if (reference.kind === "page") return Object.values(tree).includes(reference.page) ? { kind: "page", page: reference.page } : undefined
    if (reference.kind === "file-path") {
      const file = files[reference.path]
      return file === undefined ? undefined : { kind: "file", file }
    }
    const page = tree[reference.path]
    return page === undefined ? undefined : { kind: "page", page }
  }

  it("turns every way of naming a page into a stable /pages/<id> link, keeping the anchor", () => {
    const markdown = "# Setup\n\nSee [other](./other.md#x), [parent](./README.md), [slug](/pages/guides/setup) and [home](/pages/README.md).\n"
    expect(resolveLinks(markdown, resolver, { documentPath: "guides/setup.md" })).toBe(
      "# Setup\n\nSee [other](/pages/o1#x), [parent](/pages/g1), [slug](/pages/s1) and [home](/pages/root).\n"
    )
  })

  it("turns a batch file ref into /files/<id>", () => {
    expect(resolveLinks("![Diagram](./diagram.png)\n", resolver)).toBe("![Diagram](/files/f9)\n")
  })

  it("leaves a link that matches no page as plain text, as the spec says, and an unresolved image as its alt text", () => {
    const markdown = "A [missing *page*](./nowhere.md), [gone](/pages/unknown) and ![lost](./lost.png) here.\n"
    expect(resolveLinks(markdown, resolver)).toBe("A missing _page_, gone and lost here.\n")
  })

  it("keeps unresolved links as written when asked to", () => {
    expect(resolveLinks("[x](./nowhere.md)\n", () => undefined, { unresolved: "keep" })).toBe("[x](./nowhere.md)\n")
  })

  it("rewrites definitions, and turns references to an unresolved definition into text", () => {
    const markdown = "[Setup][s] and [Gone][g] and ![img][g]\n\n[s]: /pages/guides/setup\n\n[g]: ./gone.md\n"
    expect(resolveLinks(markdown, resolver)).toBe("[Setup][s] and Gone and img\n\n[s]: /pages/s1\n")
  })

  it("keeps a reference link whose label still has a resolved definition", () => {
    expect(resolveLinks("[Setup][s]\n\n[s]: ./gone.md\n\n[s]: /pages/guides/setup\n", resolver)).toBe("[Setup][s]\n\n[s]: /pages/s1\n")
  })

  it("resolves an image inside an unresolved link", () => {
    expect(resolveLinks("[![d](./diagram.png)](./nowhere.md)\n", resolver)).toBe("![d](/files/f9)\n")
  })

  it("passes the reference as written, so a batch ref can be matched on it", () => {
    const seen: Array<string> = []
    resolveLinks("[a](./intro.md) [b](/pages/x) [c](https://x.dev) [d](#here) [e](/files/f)\n", (reference) => {
      seen.push(`${reference.kind} ${reference.written}`)
      return undefined
    })
    expect(seen).toEqual(["page-path ./intro.md", "page /pages/x"])
  })

  it("leaves URLs, anchors and /files/<id> links alone, and gives canonical markdown", () => {
    const markdown = "* [web](https://example.com)\n* [here](#x)\n* [file](/files/f1)\n"
    expect(resolveLinks(markdown, () => undefined)).toBe("- [web](https://example.com)\n- [here](#x)\n- [file](/files/f1)\n")
  })

  it("gives a document whose page references are all stable IDs", () => {
    const out = resolveLinks("[a](./setup.md) [b](../guides/other.md)\n", resolver, { documentPath: "guides/x.md" })
    expect(parseDocument(out).references.map((r) => r.kind === "page" && r.page)).toEqual(["s1", "o1"])
  })
})
