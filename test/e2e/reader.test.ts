import { SqlClient } from "@effect/sql/SqlClient"
import { signVisitorToken } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { request } from "node:http"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { makeAcme, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * The published-site reader over HTTP, without an API token: pages as HTML and markdown, the
 * files AI tools and crawlers read, each site's visibility, tags, and content that follows
 * merges. The site is made and changed through the official client (its answers checked
 * against the official spec); the reader's own URLs are plain `fetch`es.
 */
let server: RunningServer
let dir: string
let database: string
let ada: Principal
let acme: string
let guides: string
let api: string
let site: string
let root: string

type Change = Record<string, unknown>

const merged = async (space: string, changes: ReadonlyArray<Change>) => {
  const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Edit" })).data
  await ada.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false })
  expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
}

const insert = (title: string, markdown: string, fields: Record<string, unknown> = {}): Change => ({
  operation: "insert_page",
  title,
  document: { markdown },
  ...fields
})

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers, redirect: "manual" })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** A GET to `url` naming another `Host` (which `fetch` does not send). */
const getAs = (host: string, url: string) =>
  new Promise<{ status: number; text: string }>((done, fail) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => (text += chunk))
      res.on("end", () => done({ status: res.statusCode ?? 0, text }))
    })
    req.once("error", fail)
    req.end()
  })

const visitorKeyOf = (siteId: string) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient
      const rows = yield* sql<{ readonly visitorKey: string }>`SELECT visitor_key FROM sites WHERE id = ${siteId}`
      return rows[0]!.visitorKey
    }).pipe(Effect.provide(SqliteStorage.client({ filename: database })))
  )

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "quire-reader-"))
  database = join(dir, "quire.db")
  server = await startServer({ databaseUrl: `sqlite:${database}` })
  ;({ ada, acme } = await makeAcme(server))
  guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
  api = (await ada.api.orgs.createSpace(acme, { title: "API" })).data.id
  await merged(guides, [
    insert("Welcome", "Start here.\n\n## Install\n\nRun `npm i quire`.", { description: "The first page" }),
    insert("Setup", "Configure the llama service.", { ref: "setup" }),
    insert("Advanced", "Nested under setup.", { into: "setup" }),
    insert("Secret", "A hidden page.", { hidden: true }),
    insert("Internal", "Not for search engines or AI.", { noIndex: true, noRobotsIndex: true })
  ])
  await merged(api, [insert("Reference", "Endpoints of the walrus API.")])
  site = (await ada.api.orgs.createSite(acme, { title: "Docs", spaces: [guides] } as any)).data.id
  await ada.api.orgs.addSectionToSite(acme, site, { spaceId: api, title: "API" } as any)
  root = ((await ada.api.orgs.publishSite(acme, site)).data as { urls: { published?: string } }).urls.published!
})

afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("pages", () => {
  it("the site's address shows the default section's first page; a page is at its path; sections and nested pages too", async () => {
    expect(root).toBe(`${server.url}/sites/${acme}/docs`)
    const landing = await get(root)
    expect(landing.status).toBe(200)
    expect(landing.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(landing.text).toContain("<h1>Welcome</h1>")
    expect(landing.text).toMatch(/<nav aria-label="Sections">[\s\S]*API/)
    const nested = await get(`${root}/setup/advanced`)
    expect(nested.text).toContain("<h1>Advanced</h1>")
    const section = await get(`${root}/api`)
    expect(section.text).toContain("<h1>Reference</h1>")
    expect(section.text).toContain("walrus")
  })

  it("a hidden page is readable at its path but not in the sidebar; an unknown path is a 404 page", async () => {
    expect((await get(`${root}/secret`)).text).toContain("<h1>Secret</h1>")
    expect((await get(root)).text).not.toMatch(/<nav aria-label="Pages">[\s\S]*Secret[\s\S]*<\/nav>/)
    const missing = await get(`${root}/no/such/page`)
    expect(missing.status).toBe(404)
    expect(missing.text).toContain("Page not found")
  })

  it("a page's markdown at its URL plus .md", async () => {
    const page = await get(`${root}/setup.md`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toBe("text/markdown; charset=utf-8")
    expect(page.text).toMatch(/^# Setup\n\nConfigure the llama service\./)
    expect((await get(`${root}/welcome.md`)).text).toContain("# Welcome")
    expect((await get(`${root}/nothing.md`)).status).toBe(404)
  })

  it("tags each answer; the same tag again is a 304; a merge changes the page at the next request", async () => {
    const first = await get(`${root}/setup`)
    const tag = first.headers.get("etag")!
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect((await get(`${root}/setup`, { "if-none-match": tag })).status).toBe(304)
    const pages = (await ada.api.spaces.listPages(guides)).data.pages
    const setup = pages.find((p) => p.title === "Setup")!
    await merged(guides, [{ operation: "update_page", page: setup.id, document: { markdown: "# Setup\n\nConfigure the alpaca service." } }])
    const after = await get(`${root}/setup`, { "if-none-match": tag })
    expect(after.status).toBe(200)
    expect(after.text).toContain("alpaca")
    expect(after.headers.get("etag")).not.toBe(tag)
  })

  it("searches what the site shows, across its sections", async () => {
    const results = await get(`${root}/~search?q=walrus`)
    expect(results.status).toBe(200)
    expect(results.text).toContain(`href="${root}/api"`)
    expect(results.text).toContain("<mark>walrus</mark>")
    expect((await get(`${root}/~search?q=${"x".repeat(600)}`)).status).toBe(200)
  })

  it("serves a page's files and links its pages at the reader's addresses", async () => {
    const cr = (await ada.api.spaces.createChangeRequest(guides, { subject: "Files" })).data
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex").toString("base64")
    const added = (await ada.api.spaces.updateChangeRequestContent(guides, cr.id, {
      changes: [{ operation: "insert_files", files: [{ name: "dot.png", contentType: "image/png", base64: png }] }]
    } as any, { compat: false })).data as unknown as { insertedFiles: ReadonlyArray<{ id: string }> }
    const file = added.insertedFiles[0]!.id
    const setup = (await ada.api.spaces.listPages(guides)).data.pages.find((p) => p.title === "Setup")!
    await ada.api.spaces.updateChangeRequestContent(guides, cr.id, {
      changes: [insert("Linked", `See [the setup](/pages/${setup.id}#install) and ![a dot](/files/${file}).`)]
    } as any, { compat: false })
    await ada.api.spaces.mergeChangeRequest(guides, cr.id)
    const page = await get(`${root}/linked`)
    expect(page.text).toContain(`href="${root}/setup#install"`)
    expect(page.text).toContain(`src="${root}/~files/${file}"`)
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/)
    expect((await get(`${root}/linked.md`)).text).toContain(`[the setup](${root}/setup#install)`)
    const bytes = await fetch(`${root}/~files/${file}`)
    expect(bytes.status).toBe(200)
    expect(bytes.headers.get("content-type")).toBe("image/png")
    expect(Buffer.from(await bytes.arrayBuffer()).toString("base64")).toBe(png)
    expect((await get(`${root}/~files/nope`)).status).toBe(404)
  })

  it("answers GET and HEAD only", async () => {
    expect((await fetch(root, { method: "POST" })).status).toBe(405)
    expect((await fetch(root, { method: "HEAD" })).status).toBe(200)
  })
})

describe("files for AI tools and crawlers", () => {
  it("llms.txt lists every page's markdown by section, without hidden and noIndex pages", async () => {
    const llms = await get(`${root}/llms.txt`)
    expect(llms.status).toBe(200)
    expect(llms.text).toMatch(/^# Docs\n/)
    expect(llms.text).toContain(`- [Welcome](${root}/welcome.md): The first page`)
    expect(llms.text).toContain(`- [Advanced](${root}/setup/advanced.md)`)
    expect(llms.text).toContain(`- [Reference](${root}/api/reference.md)`)
    expect(llms.text).toMatch(/## API/)
    expect(llms.text).not.toContain("Secret")
    expect(llms.text).not.toContain("Internal")
  })

  it("llms-full.txt holds every listed page's markdown", async () => {
    const full = await get(`${root}/llms-full.txt`)
    expect(full.text).toContain("Nested under setup.")
    expect(full.text).toContain("Endpoints of the walrus API.")
    expect(full.text).not.toContain("A hidden page.")
    expect(full.text).not.toContain("Not for search engines")
  })

  it("sitemap.xml lists the pages robots may index; robots.txt opens a public site with it", async () => {
    const sitemap = await get(`${root}/sitemap.xml`)
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8")
    expect(sitemap.text).toContain(`<loc>${root}/setup/advanced</loc>`)
    expect(sitemap.text).toContain(`<loc>${root}/api</loc>`)
    expect(sitemap.text).not.toContain("secret")
    expect(sitemap.text).not.toContain("internal")
    const robots = await get(`${root}/robots.txt`)
    expect(robots.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${root}/sitemap.xml\n`)
    expect((await get(`${root}/internal`)).text).toContain('<meta name="robots" content="noindex">')
    expect((await get(root)).text).not.toContain('<meta name="robots"')
  })
})

describe("visibility", () => {
  let other: string
  let base: string
  const paths = ["", "/welcome.md", "/llms.txt", "/llms-full.txt", "/sitemap.xml"]
  const statuses = async (headers: Record<string, string> = {}, query = "") =>
    Promise.all(paths.map(async (p) => (await get(`${base}${p}${query}`, headers)).status))

  beforeAll(async () => {
    other = (await ada.api.orgs.createSite(acme, { title: "Private", spaces: [guides] } as any)).data.id
    base = `${server.url}/sites/${acme}/private`
  })

  it("unpublished: 404 everywhere, robots closed", async () => {
    expect(await statuses()).toEqual([404, 404, 404, 404, 404])
    expect((await get(`${base}/robots.txt`)).text).toBe("User-agent: *\nDisallow: /\n")
  })

  it("unlisted: served, never indexed, no sitemap entries", async () => {
    await ada.api.orgs.publishSite(acme, other)
    await ada.api.orgs.updateSiteById(acme, other, { visibility: "unlisted" } as any)
    expect(await statuses()).toEqual([200, 200, 200, 200, 200])
    const page = await get(base)
    expect(page.text).toContain('<meta name="robots" content="noindex">')
    expect(page.headers.get("x-robots-tag")).toBe("noindex")
    expect((await get(`${base}/sitemap.xml`)).text).not.toContain("<loc>")
    expect((await get(`${base}/robots.txt`)).text).toBe("User-agent: *\nDisallow: /\n")
  })

  it("share-link: a link's key opens it and is kept in a cookie; a revoked key opens nothing", async () => {
    await ada.api.orgs.updateSiteById(acme, other, { visibility: "share-link" } as any)
    expect(await statuses()).toEqual([404, 404, 404, 404, 404])
    const link = (await ada.api.orgs.createSiteShareLink(acme, other, { name: "Partners" })).data
    const url = new URL(link.urls.published!)
    const key = url.searchParams.get("share")!
    const opened = await get(url.toString())
    expect(opened.status).toBe(200)
    const cookie = opened.headers.get("set-cookie")!
    expect(cookie).toMatch(new RegExp(`^quire_share=${key}; Path=/sites/${acme}/private; HttpOnly; SameSite=Lax`))
    const cookieHeader = { cookie: cookie.split(";")[0]! }
    expect(await statuses(cookieHeader)).toEqual([200, 200, 200, 200, 200])
    expect(opened.headers.get("cache-control")).toBe("private, no-cache")
    await ada.api.orgs.updateSiteShareLinkById(acme, other, link.id, { active: false })
    expect(await statuses(cookieHeader)).toEqual([404, 404, 404, 404, 404])
    expect(await statuses({}, `?share=${key}`)).toEqual([404, 404, 404, 404, 404])
  })

  it("visitor-auth: a visitor token opens it (401 without), and conditions decide what it shows", async () => {
    await ada.api.orgs.addSectionToSite(acme, other, { spaceId: api, title: "API" } as any)
    const sections = (await ada.api.orgs.listSiteSections(acme, other)).data.items
    const apiSection = sections.find((s) => s.title === "API")!
    const jsonSchema = { type: "object", properties: { beta: { type: "boolean", description: "A beta tester" } }, additionalProperties: false }
    await ada.api.orgs.updateSiteAdaptiveSchema(acme, other, { jsonSchema } as any)
    await ada.api.orgs.updateSiteSectionById(acme, other, apiSection.id, { condition: "visitor.claims.beta" } as any)
    await ada.api.orgs.updateSiteById(acme, other, { visibility: "visitor-auth" } as any)
    expect(await statuses()).toEqual([401, 401, 401, 401, 401])
    const key = await visitorKeyOf(other)
    const sign = (claims: Record<string, unknown>, siteId = other) =>
      Effect.runPromise(signVisitorToken(claims, { key, siteId, expiresInSeconds: 600 }))
    const beta = await get(`${base}/api?jwt_token=${await sign({ beta: true })}`)
    expect(beta.status).toBe(200)
    expect(beta.text).toContain("<h1>Reference</h1>")
    const plainToken = await sign({ beta: false })
    const plain = await get(`${base}/api?jwt_token=${plainToken}`)
    expect(plain.status).toBe(404)
    const cookie = { cookie: `quire_visitor=${plainToken}` }
    expect(await statuses(cookie)).toEqual([200, 200, 200, 200, 200])
    expect((await get(`${base}/llms.txt`, cookie)).text).not.toContain("Reference")
    expect((await get(`${base}/~search?q=walrus`, cookie)).text).not.toContain("<mark>walrus</mark>")
    expect((await get(`${base}?jwt_token=${await sign({ beta: true }, site)}`)).status).toBe(401)
  })
})

describe("addresses", () => {
  it("an organization with a hostname: its sites at <hostname>.<public host>/<basename>", async () => {
    await ada.api.orgs.updateOrganizationById(acme, { hostname: "acme-docs" } as any)
    const url = (await ada.api.orgs.getSiteById(acme, site)).data.urls.published!
    const host = new URL(server.url).host
    expect(url).toBe(`http://acme-docs.${host}/docs`)
    // The request goes to the server's address with the site's host named.
    const viaHost = await getAs(`acme-docs.${host}`, `${server.url}/docs/setup`)
    expect(viaHost.status).toBe(200)
    expect(viaHost.text).toContain(`href="http://acme-docs.${host}/docs/setup/advanced"`)
    expect((await getAs(`acme-docs.${host}`, `${server.url}/nothing/here`)).status).toBe(404)
    expect((await getAs(`acme-docs.${host}`, `${server.url}/v1/user`)).status).toBe(404)
  })
})

describe("hostile input", () => {
  it("any path, query, cookie or Host under a site is answered without a 5xx", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("..", ".", "~search", "~files", "~gitbook", "llms.txt", "%", "%E0%A4%A", "setup", "api", "x".repeat(3000), "a.md", ".md")
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 5 }),
        fc.string({ maxLength: 50 }),
        fc.string({ maxLength: 100 }),
        async (segments, query, cookie) => {
          const path = segments.map((s) => encodeURIComponent(s)).join("/")
          const url = `${root}/${path}?q=${encodeURIComponent(query)}&share=${encodeURIComponent(query)}&jwt_token=${encodeURIComponent(query)}`
          const response = await fetch(url, { headers: { cookie: cookie.replace(/[^\x20-\x7e]/g, "") } })
          await response.arrayBuffer()
          expect(response.status).toBeLessThan(500)
        }
      ),
      { numRuns: 300 }
    )
  })
})
