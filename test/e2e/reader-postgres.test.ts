import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { makeAcme, type Principal } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * The published-site reader on Postgres: the same storage ports as SQLite's (test/e2e/reader.test.ts
 * has the whole suite), here what a visitor reads of a site with sections, a share link's life,
 * and a merge seen at the next request.
 */
const available = await postgresAvailable()

describe.runIf(available)("the reader on Postgres", () => {
  let scope: Scope.CloseableScope
  let server: RunningServer
  let ada: Principal
  let acme: string
  let guides: string
  let site: string
  let root: string

  const merged = async (space: string, changes: ReadonlyArray<Record<string, unknown>>) => {
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Edit" })).data
    await ada.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false })
    expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
  }
  const text = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, init)
    return { status: response.status, text: await response.text(), headers: response.headers }
  }

  beforeAll(async () => {
    scope = Effect.runSync(Scope.make())
    server = await startServer({ databaseUrl: await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope)) })
    ;({ ada, acme } = await makeAcme(server))
    guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
    const api = (await ada.api.orgs.createSpace(acme, { title: "API" })).data.id
    await merged(guides, [
      { operation: "insert_page", title: "Welcome", document: { markdown: "Start here." }, ref: "w" },
      { operation: "insert_page", title: "Deep", document: { markdown: "Under welcome." }, into: "w" }
    ])
    await merged(api, [{ operation: "insert_page", title: "Reference", document: { markdown: "The walrus endpoints." } }])
    site = (await ada.api.orgs.createSite(acme, { title: "Docs", spaces: [guides] } as any)).data.id
    await ada.api.orgs.addSectionToSite(acme, site, { spaceId: api, title: "API" } as any)
    root = ((await ada.api.orgs.publishSite(acme, site)).data as { urls: { published?: string } }).urls.published!
  })

  afterAll(async () => {
    await server?.stop()
    if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  it("pages, sections, markdown and llms.txt", async () => {
    expect((await text(root)).text).toContain("<h1>Welcome</h1>")
    expect((await text(`${root}/welcome/deep`)).text).toContain("<h1>Deep</h1>")
    expect((await text(`${root}/api`)).text).toContain("walrus")
    expect((await text(`${root}/welcome/deep.md`)).text).toBe("# Deep\n\nUnder welcome.\n")
    expect((await text(`${root}/llms.txt`)).text).toContain(`- [Reference](${root}/api/reference.md)`)
  })

  it("a merge is read at the next request", async () => {
    const page = (await ada.api.spaces.listPages(guides)).data.pages.find((p) => p.title === "Welcome")!
    await merged(guides, [{ operation: "update_page", page: page.id, document: { markdown: "# Welcome\n\nStart over there." } }])
    expect((await text(root)).text).toContain("Start over there.")
  })

  it("a share link opens a share-link site until it is revoked", async () => {
    await ada.api.orgs.updateSiteById(acme, site, { visibility: "share-link" } as any)
    expect((await text(root)).status).toBe(404)
    const link = (await ada.api.orgs.createSiteShareLink(acme, site, { name: "Partners" })).data
    const opened = await text(link.urls.published!)
    expect(opened.status).toBe(200)
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!
    expect((await text(`${root}/api`, { headers: { cookie } })).status).toBe(200)
    await ada.api.orgs.updateSiteShareLinkById(acme, site, link.id, { active: false })
    expect((await text(`${root}/api`, { headers: { cookie } })).status).toBe(404)
  })
})
