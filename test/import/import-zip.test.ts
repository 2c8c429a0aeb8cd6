/**
 * `unzipFolder` under its limits (paths, entry count, per-file and total size counted while
 * inflating, headers that lie), and the plain folder reading it feeds, imported by the engine.
 */
import { describe, expect, it } from "@effect/vitest"
import { ContentEngine, type SpaceId, unzipFolder, ZIP_LIMITS, zipToPages } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"
import { strToU8, zipSync } from "fflate"
import { zipOf } from "./import-fixtures.js"

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

/** The zip with every declared uncompressed size (local and central headers) set to `size`. */
const lyingSizes = (zip: Uint8Array, size: number) => {
  const out = zip.slice()
  const view = new DataView(out.buffer)
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = view.getUint32(at, true)
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true)
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true)
  }
  return out
}

describe("unzipFolder", () => {
  it.effect("reads files by relative path, leaving folders and __MACOSX out", () =>
    Effect.gen(function* () {
      const files = yield* unzipFolder(
        zipOf({ "README.md": "# Home", "guide/": new Uint8Array(0), "guide/install.md": "Install.", "__MACOSX/._README.md": "junk", "img/a.png": new Uint8Array([1, 2, 3]) })
      )
      expect([...files.keys()].sort()).toEqual(["README.md", "guide/install.md", "img/a.png"])
      expect(text(files.get("guide/install.md"))).toBe("Install.")
      expect([...(files.get("img/a.png") ?? [])]).toEqual([1, 2, 3])
    })
  )

  it.effect("refuses an entry that climbs out of the folder or is absolute", () =>
    Effect.gen(function* () {
      for (const name of ["../evil.md", "docs/../../evil.md", "..\\evil.md", "/etc/passwd", "C:\\evil.md"]) {
        const error = yield* Effect.flip(unzipFolder(zipOf({ "ok.md": "fine", [name]: "evil" })))
        expect(error._tag, name).toBe("ImportRefused")
        expect(error.message).toMatch(/outside the folder|absolute path/)
      }
    })
  )

  it.effect("refuses more entries than the cap", () =>
    Effect.gen(function* () {
      const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}.md`, "x"]))
      expect((yield* unzipFolder(zipOf(files), { ...ZIP_LIMITS, maxEntries: 6 })).size).toBe(6)
      const error = yield* Effect.flip(unzipFolder(zipOf(files), { ...ZIP_LIMITS, maxEntries: 5 }))
      expect(error.message).toContain("more than 5 entries")
    })
  )

  it.effect("a zip bomb is stopped by the per-file cap at the default limits", () =>
    Effect.gen(function* () {
      const bomb = zipOf({ "bomb.md": new Uint8Array(ZIP_LIMITS.maxFileBytes + 10 * 1024 * 1024) })
      expect(bomb.length).toBeLessThan(1024 * 1024)
      for (const zip of [bomb, lyingSizes(bomb, 100)]) {
        const error = yield* Effect.flip(unzipFolder(zip))
        expect(error._tag).toBe("ImportRefused")
        expect(error.message).toContain("bomb.md")
      }
    })
  )

  it.effect("the total cap counts every file inflated", () =>
    Effect.gen(function* () {
      const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.bin`, new Uint8Array(1024 * 1024)]))
      const limits = { maxEntries: 100, maxFileBytes: 2 * 1024 * 1024, maxTotalBytes: 10 * 1024 * 1024 }
      const error = yield* Effect.flip(unzipFolder(zipOf(files), limits))
      expect(error.message).toContain("zip bomb")
    })
  )

  it.effect("sizes are counted while inflating, whatever the headers declare", () =>
    Effect.gen(function* () {
      const limits = { maxEntries: 100, maxFileBytes: 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 }
      // Compressed in one slice (5 MB of zeros) and in many (40 MB), each declaring 10 bytes.
      for (const size of [5, 40]) {
        const liar = lyingSizes(zipOf({ "small.md": new Uint8Array(size * 1024 * 1024) }), 10)
        const error = yield* Effect.flip(unzipFolder(liar, limits))
        expect(error._tag).toBe("ImportRefused")
        expect(error.message).toContain("small.md")
      }
      // A header that says less than there is, within the limits, still gives the whole file.
      const content = new TextEncoder().encode("word ".repeat(20_000))
      const files = yield* unzipFolder(lyingSizes(zipOf({ "a.md": content }), 10), limits)
      expect(files.get("a.md")).toEqual(content)
    })
  )

  it.effect("reads stored (uncompressed) entries too", () =>
    Effect.gen(function* () {
      const stored = zipSync({ "a.md": [strToU8("# Stored"), { level: 0 }] })
      expect(text((yield* unzipFolder(stored)).get("a.md"))).toBe("# Stored")
    })
  )

  it.effect("refuses bytes that are not a zip, and a zip cut short", () =>
    Effect.gen(function* () {
      const zip = zipOf({ "a.md": "# A", "b.md": "x".repeat(50_000) })
      for (const bad of [new TextEncoder().encode("PK but not really a zip archive at all"), zip.subarray(0, zip.length - 30), new Uint8Array(0)]) {
        expect((yield* Effect.flip(unzipFolder(bad)))._tag).toBe("UnreadableSource")
      }
    })
  )
})

describe("zipToPages (the plain folder reading)", () => {
  const folder = zipOf({
    "README.md": "# Welcome\n\nStart here.",
    "guide/README.md": "# The guide\n\nRead on.",
    "guide/install.md": "# Install\n\nRun it.",
    "guide/10-advanced.md": "Deep things.",
    "guide/2-basics.md": "# Basics\n\nFirst things.",
    "reference/api/errors.md": "# Errors\n\nThey happen.",
    "reference/api/limits.md": "# Limits\n\nThere are some.",
    "notes.txt": "not a page"
  })

  it.effect("README.md is its folder's page, a folder without one a group, pages in path order", () =>
    Effect.gen(function* () {
      const pages = yield* zipToPages(folder)
      const titleOf = new Map(pages.map((page) => [page.id, page.title]))
      const shape = pages.map((page) => [page.title, page.type ?? "document", page.parent === null ? null : titleOf.get(page.parent!), page.slug])
      expect(shape).toEqual([
        ["Welcome", "document", null, "welcome"],
        ["The guide", "document", null, "guide"],
        ["Basics", "document", "The guide", "2-basics"],
        ["10 advanced", "document", "The guide", "10-advanced"],
        ["Install", "document", "The guide", "install"],
        ["Reference", "group", null, "reference"],
        ["Api", "group", "Reference", "api"],
        ["Errors", "document", "Api", "errors"],
        ["Limits", "document", "Api", "limits"]
      ])
      expect(pages[0]?.markdown).toBe("Start here.")
    })
  )

  it.effect("the engine imports the pages as one revision", () =>
    Effect.gen(function* () {
      const engine = yield* ContentEngine
      const pages = yield* zipToPages(folder)
      const { revision } = yield* engine.importPages(pages, { spaceId: "space1" as SpaceId })
      const tree = yield* engine.tree(revision.id)
      expect((yield* tree.children(null)).map((page) => page.title)).toEqual(["Welcome", "The guide", "Reference"])
    }).pipe(Effect.provide(ContentEngine.Default.pipe(Layer.provideMerge(MemoryStorage.layer))))
  )

  it.effect("a zip without markdown has nothing to import", () =>
    Effect.gen(function* () {
      expect((yield* Effect.flip(zipToPages(zipOf({ "a.txt": "x", "b/c.png": new Uint8Array([1]) }))))._tag).toBe("NothingToImport")
    })
  )
})
