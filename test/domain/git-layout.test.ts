/**
 * The Git layout by example: the files it writes for a known revision, a repository as GitBook
 * writes one (no ids, `## Group` sections, link pages), a folder without `SUMMARY.md`, each
 * refusal, and a round trip through a real Git server on loopback.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  applyChanges,
  BlobStore,
  GitRemote,
  type ImportedPage,
  importPages,
  InvalidInput,
  IsomorphicGitRemote,
  layoutContentOf,
  loadContentTree,
  readLayout,
  type SpaceId,
  writeLayout
} from "@quire/core"
import { Effect } from "effect"
import { gitServer, textOf } from "../support/gitServer.js"
import { dumpTree, engineLayer } from "./content-engine.fixtures.js"

const SPACE = "space1" as SpaceId

const exportRevision = (revisionId: string, repoProjectDirectory?: string) =>
  Effect.gen(function* () {
    const blobs = yield* BlobStore
    const content = yield* layoutContentOf(yield* loadContentTree(revisionId), blobs.get)
    return yield* writeLayout(content, repoProjectDirectory === undefined ? {} : { repoProjectDirectory })
  })

const files = (entries: Record<string, string>) => new Map<string, string | Uint8Array>(Object.entries(entries))

/** The pages read, as `title (slug) < parent title` lines in order, for assertions. */
const outline = (pages: ReadonlyArray<ImportedPage>) =>
  pages.map((page) => {
    const parent = pages.find((other) => other.id === page.parent)
    return `${page.type === "group" ? "group " : ""}${page.title} (${page.slug ?? "-"})${parent === undefined ? "" : ` < ${parent.title}`}`
  })

const invalid = <A, R>(self: Effect.Effect<A, InvalidInput, R>, field: string, message: string) =>
  Effect.map(Effect.flip(self), (error) => {
    expect(error).toBeInstanceOf(InvalidInput)
    expect(error.field).toBe(field)
    expect(error.message).toContain(message)
  })

describe("the Git layout", () => {
  it.effect("writes a page per file, README.md for a page with children, SUMMARY.md for the order, assets under .gitbook", () =>
    Effect.gen(function* () {
      const { revision } = yield* importPages(
        [
          { id: "intro", title: "Introduction", markdown: "Welcome.", emoji: "👋", description: "Start here" },
          { id: "guides", title: "Guides", markdown: "All the guides." },
          { id: "setup", title: "Set up", parent: "guides", markdown: "Run `quire`.", hidden: true },
          { id: "group", type: "group", title: "Reference", slug: "README" },
          { id: "api", title: "API", parent: "group" }
        ],
        {
          spaceId: SPACE,
          files: [
            { id: "f1", name: "logo.png", contentType: "image/png", bytes: new Uint8Array([1]) },
            { id: "f2", name: "logo.png", contentType: "image/png", bytes: new Uint8Array([2]) }
          ]
        }
      )
      const tree = yield* exportRevision(revision.id, "docs")
      expect([...tree.keys()].sort()).toEqual([
        "docs/.gitbook/assets/logo (1).png",
        "docs/.gitbook/assets/logo.png",
        "docs/.gitbook/files.yaml",
        "docs/README-2/README.md",
        "docs/README-2/api.md",
        "docs/SUMMARY.md",
        "docs/guides/README.md",
        "docs/guides/set-up.md",
        "docs/introduction.md"
      ])
      const text = textOf(tree)
      expect(text["docs/SUMMARY.md"]).toBe(
        "# Table of contents\n\n* [Introduction](introduction.md)\n* [Guides](guides/README.md)\n  * [Set up](guides/set-up.md)\n* [Reference](README-2/README.md)\n  * [API](README-2/api.md)\n"
      )
      expect(text["docs/introduction.md"]).toBe("---\ndescription: Start here\nemoji: 👋\nid: intro\n---\n\n# Introduction\n\nWelcome.\n")
      expect(text["docs/guides/set-up.md"]).toBe("---\nhidden: true\nid: setup\n---\n\n# Set up\n\nRun `quire`.\n")
      expect(text["docs/README-2/README.md"]).toBe("---\nid: group\nslug: README\ntype: group\n---\n\n# Reference\n")
      expect(text["docs/.gitbook/files.yaml"]).toContain("path: logo (1).png")
    }).pipe(Effect.provide(engineLayer()))
  )

  it.effect("reads a repository as GitBook writes one: SUMMARY.md's nesting and ## groups, titles from headings, no ids", () =>
    Effect.gen(function* () {
      const read = yield* readLayout(
        files({
          "README.md": "# Welcome\n\nHi.",
          "SUMMARY.md": [
            "# Table of contents",
            "",
            "* [Welcome](README.md)",
            "* [Getting started](getting-started/README.md)",
            "  * [Install](getting-started/install.md)",
            "  * [Quick start](<getting-started/quick start.md>)",
            "",
            "## Reference <a href=\"#reference\" id=\"reference\"></a>",
            "",
            "* [CLI](reference/cli.md#usage)",
            "* [Our blog](https://blog.example.com)",
            ""
          ].join("\n"),
          "getting-started/README.md": "---\ndescription: The first steps\n---\n\n# Getting started\n",
          "getting-started/install.md": "No heading here.",
          "getting-started/quick start.md": "# Quick start\n\nGo.",
          "reference/cli.md": "---\nslug: command-line\n---\n# The CLI\n",
          "drafts/unlisted.md": "# Not in the summary",
          ".gitbook/assets/diagram.svg": "<svg/>",
          "package.json": "{}"
        })
      )
      expect(outline(read.pages)).toEqual([
        "Welcome (-)",
        "Getting started (getting-started)",
        "Install (install) < Getting started",
        "Quick start (-) < Getting started",
        "group Reference (-)",
        "The CLI (command-line) < Reference"
      ])
      expect(read.pages.find((page) => page.title === "Getting started")?.description).toBe("The first steps")
      expect(read.files).toEqual([{ name: "diagram.svg", contentType: "image/svg+xml", bytes: new TextEncoder().encode("<svg/>") }])
      expect(read.skipped.map((entry) => entry.path)).toEqual(["SUMMARY.md", "drafts/unlisted.md", "package.json"])
      const { revision } = yield* importPages(read.pages, { spaceId: SPACE, files: read.files })
      const dump = yield* dumpTree(revision)
      expect([...dump.paths.values()].sort()).toEqual([
        "getting-started",
        "getting-started/install",
        "getting-started/quick-start",
        "reference",
        "reference/command-line",
        "welcome"
      ])
    }).pipe(Effect.provide(engineLayer()))
  )

  it.effect("without SUMMARY.md, folders are the tree: README.md first, then by name; a folder without README.md is a group", () =>
    Effect.gen(function* () {
      const read = yield* readLayout(
        files({
          "docs/zeta.md": "# Zeta",
          "docs/README.md": "# Home",
          "docs/alpha.md": "# Alpha",
          "docs/guides/README.md": "# Guides",
          "docs/guides/b.md": "# B",
          "docs/guides/a.md": "# A",
          "docs/reference/api.md": "# API",
          "other/ignored.md": "# Outside the project"
        }),
        { repoProjectDirectory: "/docs/" }
      )
      expect(outline(read.pages)).toEqual([
        "Home (-)",
        "Alpha (alpha)",
        "Guides (guides)",
        "A (a) < Guides",
        "B (b) < Guides",
        "group reference (reference)",
        "API (api) < reference",
        "Zeta (zeta)"
      ])
    })
  )

  it.effect("refuses what it cannot import, naming the file", () =>
    Effect.gen(function* () {
      yield* invalid(readLayout(files({ "SUMMARY.md": "* [A](a.md)\n* [B](b.md)\n", "a.md": "# A" })), "SUMMARY.md", '"b.md", which is not in the repository')
      yield* invalid(readLayout(files({ "SUMMARY.md": "* [A](a.md)\n* [A again](a.md)\n", "a.md": "# A" })), "SUMMARY.md", '"a.md" twice')
      yield* invalid(readLayout(files({ "a.md": "# Guide", "a/README.md": "# Guide" })), "a/README.md", 'has the slug "a"')
      yield* invalid(
        readLayout(files({ "SUMMARY.md": "* [A](x/a.md)\n* [B](y/a.md)\n", "x/a.md": "# A", "y/a.md": "# B" })),
        "y/a.md",
        'has the slug "a", as "x/a.md"'
      )
      yield* invalid(readLayout(files({ "x.md": "---\nid: same\n---\n# X", "y.md": "---\nid: same\n---\n# Y" })), "y.md", 'has the id "same"')
      yield* invalid(readLayout(files({ "x.md": "---\nslug: two words\n---\n# X" })), "x.md", "is not a valid slug")
      yield* invalid(readLayout(files({ "x.md": "---\ntype: link\n---\n# X" })), "x.md", "`type` must be")
      yield* invalid(readLayout(new Map([["x.md", new Uint8Array([0xff, 0xfe, 0x41])]])), "x.md", "is not UTF-8")
      yield* invalid(readLayout(files({ "src/index.ts": "", "README.txt": "" })), "url", "has no pages")
      yield* invalid(readLayout(files({ "README.md": "# Home" }), { repoProjectDirectory: "docs" }), "repoProjectDirectory", 'no pages under "docs"')
      yield* invalid(readLayout(files({ "README.md": "# Home" }), { repoProjectDirectory: "../etc" }), "repoProjectDirectory", "without `.`")
    })
  )

  it.scoped("through a real Git server: import, export unchanged (no commit), edit and export, a commit made in Git then imported", () =>
    Effect.gen(function* () {
      const server = yield* gitServer()
      const git = yield* GitRemote.pipe(Effect.provide(IsomorphicGitRemote.layer()))
      const ref = "refs/heads/main"
      const author = { name: "Quire", email: "quire@quire.test" }
      const { revision: seed } = yield* importPages(
        [
          { id: "home", title: "Home", markdown: "Welcome to *the docs*." },
          { id: "guides", title: "Guides", type: "group" },
          { id: "setup", title: "Setup", parent: "guides", markdown: "# Steps\n\n1. Install\n2. Run" }
        ],
        { spaceId: SPACE, files: [{ id: "logo", name: "logo.png", contentType: "image/png", bytes: new Uint8Array([9, 9]) }] }
      )
      const first = yield* git.pushTree({ url: server.url, ref, directory: "docs", files: yield* exportRevision(seed.id, "docs"), message: "Export", author })
      expect(first.changed).toBe(true)
      yield* Effect.promise(() => server.commit({ "src/app.ts": "app\n" }, { message: "Code beside the docs" }))

      const fetched = yield* git.fetchTree({ url: server.url, ref, directory: "docs" })
      const read = yield* readLayout(fetched.files, { repoProjectDirectory: "docs" })
      const { revision: imported } = yield* importPages(read.pages, { spaceId: SPACE, files: read.files })
      expect(imported.root).toBe(seed.root)

      const unchanged = yield* git.pushTree({ url: server.url, ref, directory: "docs", files: yield* exportRevision(imported.id, "docs"), message: "Export", author, parent: fetched.commit })
      expect(unchanged).toEqual({ commit: fetched.commit, changed: false })

      const edited = yield* applyChanges(imported.id, [{ operation: "update_page", page: "setup", document: { markdown: "# Setup\n\nNow simpler." } }])
      const pushed = yield* git.pushTree({ url: server.url, ref, directory: "docs", files: yield* exportRevision(edited.revision.id, "docs"), message: "Edit", author, parent: fetched.commit })
      expect(pushed.changed).toBe(true)
      const after = textOf(yield* Effect.promise(() => server.readTree("main")))
      expect(after["docs/guides/setup.md"]).toBe("---\nid: setup\n---\n\n# Setup\n\nNow simpler.\n")
      expect(after["src/app.ts"]).toBe("app\n")
      expect(after["docs/introduction.md"]).toBeUndefined()
      expect(Object.keys(after).filter((path) => path.startsWith("docs/")).sort()).toEqual([
        "docs/.gitbook/assets/logo.png",
        "docs/.gitbook/files.yaml",
        "docs/SUMMARY.md",
        "docs/guides/README.md",
        "docs/guides/setup.md",
        "docs/home.md"
      ])

      yield* Effect.promise(() => server.commit({ "docs/home.md": "---\nid: home\n---\n\n# Home\n\nEdited in Git.\n" }, { message: "Edited in Git" }))
      const again = yield* git.fetchTree({ url: server.url, ref, directory: "docs" })
      const reread = yield* readLayout(again.files, { repoProjectDirectory: "docs" })
      const { revision: reimported } = yield* importPages(reread.pages, { spaceId: SPACE, files: reread.files })
      const dump = yield* dumpTree(reimported)
      expect(dump.bodies.get("home")).toBe("Edited in Git.\n")
      expect(dump.bodies.get("setup")).toBe("Now simpler.\n")
      expect([...dump.children.get("")!]).toEqual(["home", "guides"])
    }).pipe(Effect.provide(engineLayer()))
  )
})
