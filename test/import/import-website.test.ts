/**
 * The website crawl against a site on loopback, through the guarded fetcher allowed 127.0.0.1
 * (as `QUIRE_FETCH_ALLOW=127.0.0.1` would): same origin only, breadth-first, bounded in pages
 * and depth, the tree following URL paths.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "@effect/vitest"
import { crawlWebsite, emptyAllowList, Fetcher, makeGuardedFetcher, parseAllowList, pagesFromUrl, WEBSITE_LIMITS } from "@quire/core"
import { Effect, Either, Layer } from "effect"
import { docxOf, paragraph, zipOf } from "./import-fixtures.js"

type Site = Record<string, { readonly type?: string; readonly body: string | Uint8Array }>

const html = (title: string, body: string) => ({ body: `<html><head><title>${title}</title></head><body>${body}</body></html>` })

/** Serves `site` on 127.0.0.1; `requested` lists every path asked for, in order. */
const serve = (site: (port: number) => Site) =>
  Effect.acquireRelease(
    Effect.async<{ readonly base: string; readonly requested: Array<string>; readonly server: http.Server }>((resume) => {
      const requested: Array<string> = []
      let pages: Site = {}
      const server = http.createServer((request, response) => {
        requested.push(request.url ?? "")
        const page = pages[request.url ?? ""]
        if (page === undefined) {
          response.writeHead(404, { "content-type": "text/html" })
          return response.end("<h1>Not found</h1><p>Nothing here.</p>")
        }
        response.writeHead(200, { "content-type": page.type ?? "text/html; charset=utf-8" })
        response.end(page.body)
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        pages = site(port)
        resume(Effect.succeed({ base: `http://127.0.0.1:${port}`, requested, server }))
      })
    }),
    ({ server }) => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
  )

const loopback = Layer.succeed(Fetcher, makeGuardedFetcher({ allow: Either.getOrThrow(parseAllowList("127.0.0.1, localhost")) }))

const site = (port: number): Site => ({
  "/": html(
    "Home",
    `<nav><a href="/guide/">Guide</a> <a href="/guide/install.html">Install</a> <a href="/about">About</a></nav>
     <main><h1>Welcome</h1><p>The docs. <a href="http://localhost:${port}/elsewhere">Same server, other origin</a>
     <a href="/report.pdf">Report</a> <a href="/search?q=x">Search</a> <a href="/data">Data</a> <a href="#top">Top</a></p></main>`
  ),
  "/guide/": html("Guide", `<h1>Guide</h1><p>Read this first.</p><a href="install.html">Install</a> <a href="/guide/deep/one">One</a>`),
  "/guide/install.html": html("Install", `<h1>Install</h1><p>Run it.</p><script>alert("x")</script><a href="/">Home</a>`),
  "/guide/deep/one": html("One", `<h1>One</h1><p>Depth two.</p><a href="/guide/deep/two">Two</a>`),
  "/guide/deep/two": html("Two", `<h1>Two</h1><p>Depth three.</p>`),
  "/about": html("About us", `<p>We write docs.</p>`),
  "/data": { type: "application/json", body: `{"not":"html"}` },
  "/elsewhere": html("Elsewhere", "<p>Must not be crawled.</p>"),
  "/report.pdf": { type: "application/pdf", body: "%PDF" }
})

describe("crawlWebsite", () => {
  it.live("crawls breadth-first within the origin, the tree following URL paths", () =>
    Effect.gen(function* () {
      const { base, requested } = yield* serve(site)
      const pages = yield* crawlWebsite(`${base}/`)
      const titleOf = new Map(pages.map((page) => [page.id, page.title]))
      expect(pages.map((page) => [page.title, page.parent === null ? null : titleOf.get(page.parent!), page.slug])).toEqual([
        ["Welcome", null, "welcome"],
        ["Guide", null, "guide"],
        ["Install", "Guide", "install"],
        ["One", "Guide", "one"],
        ["Two", "Guide", "two"],
        ["About us", null, "about"]
      ])
      expect(pages.find((page) => page.title === "Install")?.markdown).toBe("Run it.\n\n[Home](/)")
      expect(requested).not.toContain("/elsewhere")
      expect(requested).not.toContain("/report.pdf")
      expect(requested).not.toContain("/search?q=x")
      expect(requested.filter((path) => path === "/")).toHaveLength(1)
    }).pipe(Effect.scoped, Effect.provide(loopback))
  )

  it.live("stops at the depth and page bounds", () =>
    Effect.gen(function* () {
      const { base, requested } = yield* serve(site)
      const shallow = yield* crawlWebsite(`${base}/`, { ...WEBSITE_LIMITS, maxDepth: 1 })
      expect(shallow.map((page) => page.title)).toEqual(["Welcome", "Guide", "Install", "About us"])
      expect(requested).not.toContain("/guide/deep/one")
      const few = yield* crawlWebsite(`${base}/`, { ...WEBSITE_LIMITS, maxPages: 2 })
      expect(few.map((page) => page.title)).toEqual(["Welcome", "Guide"])
      const alone = yield* crawlWebsite(`${base}/guide/deep/one`, { ...WEBSITE_LIMITS, maxDepth: 0 })
      expect(alone.map((page) => page.title)).toEqual(["One"])
    }).pipe(Effect.scoped, Effect.provide(loopback))
  )

  it.live("a start page that fails, is not HTML, or leads nowhere with content is an error", () =>
    Effect.gen(function* () {
      const { base } = yield* serve(() => ({
        "/empty": html("Empty", `<nav><a href="/empty2">next</a></nav><script>app()</script>`),
        "/empty2": html("Empty too", ""),
        "/data": { type: "application/json", body: "{}" }
      }))
      expect((yield* Effect.flip(crawlWebsite(`${base}/missing`)))._tag).toBe("UnreadableSource")
      expect((yield* Effect.flip(crawlWebsite(`${base}/data`)))._tag).toBe("UnreadableSource")
      expect((yield* Effect.flip(crawlWebsite(`${base}/empty`)))._tag).toBe("NothingToImport")
    }).pipe(Effect.scoped, Effect.provide(loopback))
  )

  it.live("credentials in the start URL go with the links of its origin", () =>
    Effect.gen(function* () {
      const { base, server } = yield* serve(site)
      const authorizations = new Set<string | undefined>()
      server.prependListener("request", (request: http.IncomingMessage) => void authorizations.add(request.headers.authorization))
      const pages = yield* crawlWebsite(base.replace("http://", "http://reader:pw@"), { ...WEBSITE_LIMITS, maxDepth: 1 })
      expect(pages).toHaveLength(4)
      expect([...authorizations]).toEqual([`Basic ${Buffer.from("reader:pw").toString("base64")}`])
    }).pipe(Effect.scoped, Effect.provide(loopback))
  )

  it.live("without the allow list, a loopback site is refused", () =>
    Effect.gen(function* () {
      const { base, requested } = yield* serve(site)
      const error = yield* Effect.flip(crawlWebsite(`${base}/`))
      expect(error).toMatchObject({ _tag: "FetchRefused", field: "url" })
      expect(requested).toEqual([])
    }).pipe(Effect.scoped, Effect.provide(Layer.succeed(Fetcher, makeGuardedFetcher({ allow: emptyAllowList }))))
  )
})

describe("pagesFromUrl", () => {
  it.live("fetches each one-file source from its URL and converts it", () =>
    Effect.gen(function* () {
      const { base } = yield* serve(() => ({
        "/guide.md": { type: "text/markdown", body: "# Guide\n\nMarkdown body." },
        "/page.html": html("Page", "<h1>Page</h1><p>HTML body.</p>"),
        "/notes.docx": { type: "application/octet-stream", body: docxOf([paragraph(["Notes"], "Heading1"), paragraph(["Word body."])]) },
        "/docs.zip": { type: "application/zip", body: zipOf({ "README.md": "# Docs\n\nZip body." }) }
      }))
      const bodies = []
      for (const [source, path] of [["markdown", "/guide.md"], ["html", "/page.html"], ["docx", "/notes.docx"], ["zip", "/docs.zip"], ["website", "/page.html"]] as const) {
        const [page] = yield* pagesFromUrl(source, `${base}${path}`)
        bodies.push([page?.title, page?.markdown])
      }
      expect(bodies).toEqual([
        ["Guide", "Markdown body."],
        ["Page", "HTML body."],
        ["Notes", "Word body."],
        ["Docs", "Zip body."],
        ["Page", "HTML body."]
      ])
      expect((yield* Effect.flip(pagesFromUrl("markdown", `${base}/missing.md`))).message).toContain("HTTP 404")
    }).pipe(Effect.scoped, Effect.provide(loopback))
  )
})
