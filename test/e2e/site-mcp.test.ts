import { SqlClient } from "@effect/sql/SqlClient"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { makeVisitorKey, signVisitorToken } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Exit, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { makeAcme, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * A published site's read-only MCP server at `<site>/~gitbook/mcp`, through the official MCP
 * client (the SDK's `Client` over `StreamableHTTPClientTransport`) against `quire serve`, with
 * no API token: the visitor is admitted as the reader admits them (`?share=`, `?jwt_token=`,
 * the reader's cookies, or a visitor token as `Authorization: Bearer`). Content is written
 * through change requests and sites are made and published with the official GitBook client.
 */

const MCP = "~gitbook/mcp"

interface ToolAnswer {
  readonly isError: boolean
  readonly text: string
}

const errorOf = (answer: ToolAnswer) => {
  expect(answer.isError, answer.text).toBe(true)
  return (JSON.parse(answer.text) as { error: { code: number; message: string; field?: string } }).error
}

const successOf = <A = any>(answer: ToolAnswer): A => {
  expect(answer.isError, answer.text).toBe(false)
  return JSON.parse(answer.text) as A
}

const markdownOf = (answer: ToolAnswer): string => {
  expect(answer.isError, answer.text).toBe(false)
  return answer.text
}

/** Writes `changes` to `space`'s content through a merged change request. */
const writePages = async (who: Principal, space: string, changes: ReadonlyArray<Record<string, unknown>>) => {
  const cr = (await who.api.spaces.createChangeRequest(space, { subject: "Pages" })).data.id
  await who.api.spaces.updateChangeRequestContent(space, cr, { changes } as any)
  expect((await who.api.spaces.mergeChangeRequest(space, cr)).data.result).toBe("merge")
}

const page = (title: string, slug: string, markdown: string, extra: Record<string, unknown> = {}) => ({
  operation: "insert_page",
  title,
  slug,
  document: { markdown },
  ...extra
})

/** A published site's address, as `publishSite` answers it (`urls.published`). */
const publishedUrlOf = (published: unknown): string => {
  const url = (published as { readonly urls?: { readonly published?: string } }).urls?.published
  expect(url).toMatch(/^http/)
  return url!
}

const clients: Array<Client> = []

/** The official client connected to the MCP server at `url` (a site's `~gitbook/mcp`, query and all). */
const connect = async (url: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: "quire-site-test", version: "1.0.0" })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }))
  clients.push(client)
  return client
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> => {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  const first = result.content[0]
  return { isError: result.isError === true, text: first?.type === "text" ? first.text : "" }
}

/** One JSON-RPC request POSTed as is, without the client. */
const post = (url: string, headers: Record<string, string> = {}, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body)
  })

const statusOf = async (url: string, headers: Record<string, string> = {}) => {
  const response = await post(url, headers)
  const body = (await response.json()) as any
  if (response.status !== 200) expect(body).toEqual({ error: { code: response.status, message: expect.any(String) } })
  return response.status
}

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("a published site's MCP server on SQLite", { timeout: 120_000 }, () => {
  let server: RunningServer
  let dir: string
  let database: string
  let ada: Principal
  let eve: Principal
  let acme: string
  let guides: string
  let reference: string
  let beta: string
  let otherSpace: string
  let foreignSpace: string
  let docs: string
  let docsUrl: string
  let otherUrl: string
  let docsClient: Client

  const siteOf = async (title: string, spaces: ReadonlyArray<string>) => (await ada.api.orgs.createSite(acme, { title, spaces } as any)).data.id
  const publish = async (site: string) => publishedUrlOf((await ada.api.orgs.publishSite(acme, site)).data)
  const pageIdOf = async (who: Principal, space: string, path: string) => ((await who.api.spaces.getPageByPath(space, path)).data as any).id as string

  /** A section of `site` showing `space` at `path`. */
  const addSection = async (site: string, space: string, title: string, path: string) => {
    const section = (await ada.api.orgs.addSectionToSite(acme, site, { spaceId: space, title } as any)).data.id
    await ada.api.orgs.updateSiteSectionById(acme, site, section, { path })
    return section
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "quire-site-mcp-"))
    database = join(dir, "quire.db")
    server = await startServer({ databaseUrl: `sqlite:${database}` })
    ;({ ada, eve, acme } = await makeAcme(server))
    guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
    reference = (await ada.api.orgs.createSpace(acme, { title: "Reference" })).data.id
    beta = (await ada.api.orgs.createSpace(acme, { title: "Beta" })).data.id
    otherSpace = (await ada.api.orgs.createSpace(acme, { title: "Other" })).data.id
    const elsewhere = (await eve.api.orgs.createOrganization({ title: "Elsewhere" })).data.id
    foreignSpace = (await eve.api.orgs.createSpace(elsewhere, { title: "Foreign" })).data.id
    await writePages(ada, guides, [
      page("Welcome", "welcome", "Welcome to the marmalade guides.", { description: "Start here" }),
      page("Install", "install", "## Oranges\n\nBoil the marmalade oranges slowly."),
      page("Secret", "secret", "A hidden marmalade recipe.", { hidden: true }),
      page("Quiet", "quiet", "Quiet marmalade notes.", { noIndex: true })
    ])
    await writePages(ada, reference, [page("Endpoints", "endpoints", "The quince endpoints.")])
    await writePages(ada, beta, [page("Preview", "preview", "The quince preview for testers.")])
    await writePages(ada, otherSpace, [page("Elsewhere", "elsewhere", "Marmalade elsewhere, on another site.")])
    await writePages(eve, foreignSpace, [page("Foreign", "foreign", "Foreign marmalade.")])

    docs = await siteOf("Docs", [guides])
    await addSection(docs, reference, "Reference", "reference")
    docsUrl = await publish(docs)
    otherUrl = await publish(await siteOf("Other site", [otherSpace]))
    const foreignSite = (await eve.api.orgs.createSite(elsewhere, { title: "Foreign site", spaces: [foreignSpace] } as any)).data.id
    await eve.api.orgs.publishSite(elsewhere, foreignSite)
    docsClient = await connect(`${docsUrl}/${MCP}`)
  })

  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("initializes as the site, with tools and resources, and lists its three read-only tools", async () => {
    expect(docsUrl).toBe(`${server.url}/sites/${acme}/docs`)
    expect(docsClient.getServerVersion()).toMatchObject({ name: "Docs", version: expect.any(String) })
    expect(docsClient.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} })
    const { tools } = await docsClient.listTools()
    expect(tools.map((t) => t.name)).toEqual(["search", "read_page", "list_pages"])
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true)
    const search = tools.find((t) => t.name === "search")!
    expect(search.inputSchema.properties!.query).toMatchObject({ type: "string", minLength: 1, maxLength: 512 })
    expect(search.inputSchema.required).toEqual(["query"])
    expect(tools.find((t) => t.name === "read_page")!.inputSchema.properties).toHaveProperty("siteSpaceId")
  })

  it("searches the site: titles, URLs on the site, paths and section snippets; noIndex pages left out", async () => {
    const { results } = successOf(await call(docsClient, "search", { query: "marmalade" }))
    const titles = results.map((r: any) => r.title)
    expect(titles).toEqual(expect.arrayContaining(["Welcome", "Install"]))
    expect(titles).not.toContain("Quiet")
    expect(titles).not.toContain("Elsewhere")
    expect(titles).not.toContain("Foreign")
    const install = results.find((r: any) => r.title === "Install")
    expect(install).toMatchObject({ url: `${docsUrl}/install`, path: "install", siteSpace: "Guides" })
    expect(install.sections.length).toBeGreaterThan(0)
    expect(install.sections.some((s: any) => /marmalade/i.test(s.snippet))).toBe(true)
    for (const section of install.sections) expect(section.url.startsWith(`${docsUrl}/install`)).toBe(true)
    const quince = successOf(await call(docsClient, "search", { query: "quince" })).results
    expect(quince.map((r: any) => [r.title, r.url, r.path])).toEqual([["Endpoints", `${docsUrl}/reference`, "reference/endpoints"]])
    const one = successOf(await call(docsClient, "search", { query: "marmalade", limit: 1 })).results
    expect(one).toHaveLength(1)
  })

  it("reads a page by path, by URL and by id (with or without its site space)", async () => {
    const install = markdownOf(await call(docsClient, "read_page", { path: "install" }))
    expect(install).toMatch(/^# Install/)
    expect(install).toContain("Boil the marmalade oranges slowly.")
    expect(markdownOf(await call(docsClient, "read_page", { path: `${docsUrl}/install` }))).toBe(install)
    expect(markdownOf(await call(docsClient, "read_page", { path: "/install.md" }))).toBe(install)
    expect(markdownOf(await call(docsClient, "read_page", { path: "" }))).toContain("Welcome to the marmalade guides.")
    expect(markdownOf(await call(docsClient, "read_page", { path: "reference/endpoints" }))).toContain("The quince endpoints.")
    const listed = successOf(await call(docsClient, "list_pages", {}))
    const referenceSpace = listed.sections[1].siteSpaces[0]
    const endpoints = referenceSpace.pages[0]
    expect(markdownOf(await call(docsClient, "read_page", { pageId: endpoints.id }))).toContain("The quince endpoints.")
    expect(markdownOf(await call(docsClient, "read_page", { pageId: endpoints.id, siteSpaceId: referenceSpace.id }))).toContain("The quince endpoints.")
    const guidesSpace = listed.sections[0].siteSpaces[0]
    expect(errorOf(await call(docsClient, "read_page", { pageId: endpoints.id, siteSpaceId: guidesSpace.id })).code).toBe(404)
    expect(errorOf(await call(docsClient, "read_page", { path: "nowhere" })).code).toBe(404)
  })

  it("lists the site's sections, site spaces and pages as llms.txt lists them", async () => {
    const listed = successOf(await call(docsClient, "list_pages", {}))
    expect(listed).toMatchObject({ title: "Docs", url: docsUrl })
    expect(listed.sections.map((s: any) => [s.title, s.url])).toEqual([
      [expect.any(String), docsUrl],
      ["Reference", `${docsUrl}/reference`]
    ])
    const guidesPages = listed.sections[0].siteSpaces[0].pages
    expect(guidesPages).toEqual([
      { id: expect.any(String), title: "Welcome", path: "welcome", url: docsUrl, markdownUrl: `${docsUrl}/welcome.md`, description: "Start here" },
      { id: expect.any(String), title: "Install", path: "install", url: `${docsUrl}/install`, markdownUrl: `${docsUrl}/install.md` }
    ])
    expect(listed.sections[1].siteSpaces[0]).toMatchObject({
      title: "Reference",
      url: `${docsUrl}/reference`,
      pages: [{ title: "Endpoints", path: "reference/endpoints", markdownUrl: `${docsUrl}/reference/endpoints.md` }]
    })
    const llms = await (await fetch(`${docsUrl}/llms.txt`)).text()
    for (const p of guidesPages) expect(llms).toContain(p.markdownUrl)
  })

  it("lists each listed page as a resource and reads it by its URI; anything else is an MCP error", async () => {
    const { resources } = await docsClient.listResources()
    expect(resources.map((r) => [r.uri, r.name, r.mimeType])).toEqual([
      [`${docsUrl}/welcome.md`, "Welcome", "text/markdown"],
      [`${docsUrl}/install.md`, "Install", "text/markdown"],
      [`${docsUrl}/reference/endpoints.md`, "Endpoints", "text/markdown"]
    ])
    const read = await docsClient.readResource({ uri: `${docsUrl}/install.md` })
    expect(read.contents).toEqual([{ uri: `${docsUrl}/install.md`, mimeType: "text/markdown", text: expect.stringContaining("Boil the marmalade") }])
    // The same markdown as the reader serves at that URL.
    expect((read.contents[0] as any).text).toBe(await (await fetch(`${docsUrl}/install.md`)).text())
    await expect(docsClient.readResource({ uri: `${otherUrl}/elsewhere.md` })).rejects.toThrow(/not found/i)
    await expect(docsClient.readResource({ uri: `${docsUrl}/nowhere.md` })).rejects.toThrow(/not found/i)
    await expect(docsClient.readResource({ uri: `${docsUrl}/install` })).rejects.toThrow(/not found/i)
    await expect(docsClient.readResource({ uri: "file:///etc/passwd" })).rejects.toThrow(/not found/i)
  })

  it("a hidden page is readable by its path but not listed; a noIndex page readable, not listed nor searched", async () => {
    expect(markdownOf(await call(docsClient, "read_page", { path: "secret" }))).toContain("A hidden marmalade recipe.")
    expect(markdownOf(await call(docsClient, "read_page", { path: "quiet" }))).toContain("Quiet marmalade notes.")
    const listed = JSON.stringify(successOf(await call(docsClient, "list_pages", {})))
    expect(listed).not.toContain("Secret")
    expect(listed).not.toContain("Quiet")
    const uris = (await docsClient.listResources()).resources.map((r) => r.uri)
    expect(uris).not.toContain(`${docsUrl}/secret.md`)
    expect(uris).not.toContain(`${docsUrl}/quiet.md`)
    // Read by its URI all the same, as the reader serves it.
    expect(((await docsClient.readResource({ uri: `${docsUrl}/secret.md` })).contents[0] as any).text).toContain("hidden marmalade")
  })

  it("a page's links to other pages are the reader's addresses, as its .md is served", async () => {
    const install = await pageIdOf(ada, guides, "install")
    await writePages(ada, guides, [page("Links", "links", `See [the oranges](/pages/${install}#oranges).`, { hidden: true })])
    const read = markdownOf(await call(docsClient, "read_page", { path: "links" }))
    expect(read).toContain(`[the oranges](${docsUrl}/install#oranges)`)
    expect(read).toBe(await (await fetch(`${docsUrl}/links.md`)).text())
    expect(((await docsClient.readResource({ uri: `${docsUrl}/links.md` })).contents[0] as any).text).toBe(read)
    const id = await pageIdOf(ada, guides, "links")
    expect(markdownOf(await call(docsClient, "read_page", { pageId: id }))).toBe(read)
  })

  it("bad input is a tool error naming the field", async () => {
    expect(errorOf(await call(docsClient, "read_page", {}))).toMatchObject({ code: 400, field: "path" })
    expect(errorOf(await call(docsClient, "read_page", { path: "install", pageId: "x" }))).toMatchObject({ code: 400, field: "path" })
    expect(errorOf(await call(docsClient, "read_page", { path: 5 }))).toMatchObject({ code: 400, field: "path" })
    expect(errorOf(await call(docsClient, "search", {}))).toMatchObject({ code: 400, field: "query" })
    expect(errorOf(await call(docsClient, "search", { query: "" }))).toMatchObject({ code: 400, field: "query" })
    expect(errorOf(await call(docsClient, "search", { query: "m".repeat(513) }))).toMatchObject({ code: 400, field: "query" })
    expect(markdownOf(await call(docsClient, "search", { query: "🍊".repeat(512) }))).toContain("results")
    expect(errorOf(await call(docsClient, "search", { query: "marmalade", limit: 0 }))).toMatchObject({ code: 400, field: "limit" })
    await expect(docsClient.callTool({ name: "edit_pages", arguments: {} })).rejects.toThrow(/edit_pages/)
  })

  it("nothing of another site or organization is readable", async () => {
    const elsewhere = await pageIdOf(ada, otherSpace, "elsewhere")
    const foreign = await pageIdOf(eve, foreignSpace, "foreign")
    expect(errorOf(await call(docsClient, "read_page", { path: "elsewhere" })).code).toBe(404)
    expect(errorOf(await call(docsClient, "read_page", { path: `${otherUrl}/elsewhere` })).code).toBe(404)
    expect(errorOf(await call(docsClient, "read_page", { pageId: elsewhere })).code).toBe(404)
    expect(errorOf(await call(docsClient, "read_page", { pageId: foreign })).code).toBe(404)
    const otherSiteSpace = successOf(await call(await connect(`${otherUrl}/${MCP}`), "list_pages", {})).sections[0].siteSpaces[0].id
    expect(errorOf(await call(docsClient, "read_page", { pageId: elsewhere, siteSpaceId: otherSiteSpace })).code).toBe(404)
    // The other site's own server reads it.
    expect(markdownOf(await call(await connect(`${otherUrl}/${MCP}`), "read_page", { pageId: elsewhere }))).toContain("Marmalade elsewhere")
  })

  it("the transport: POST only, one JSON-RPC message, no API token needed", async () => {
    const url = `${docsUrl}/${MCP}`
    expect((await fetch(url)).status).toBe(405)
    expect((await fetch(url, { method: "DELETE" })).status).toBe(405)
    expect((await post(url, {}, { hello: "world" })).status).toBe(400)
    expect((await post(url, {}, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202)
    const notJson = await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" })
    expect(notJson.status).toBe(415)
    // The reader's pages are still the reader's.
    expect((await fetch(docsUrl)).status).toBe(200)
  })

  describe("the visibility matrix", () => {
    let site: string
    let siteUrl: string
    let mcpUrl: string
    let key: string

    const sign = (claims: Record<string, unknown>, options: { key?: string; siteId?: string } = {}) =>
      Effect.runPromise(signVisitorToken(claims, { key: options.key ?? key, siteId: options.siteId ?? site, expiresInSeconds: 600 }))

    /** The site's visitor key, which no operation answers: read from the server's SQLite file. */
    const visitorKeyOf = (siteId: string) =>
      Effect.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient
          const rows = yield* sql<{ readonly visitorKey: string }>`SELECT visitor_key FROM sites WHERE id = ${siteId}`
          return rows[0]!.visitorKey
        }).pipe(Effect.provide(SqliteStorage.client({ filename: database })))
      )

    const visibility = (value: string) => ada.api.orgs.updateSiteById(acme, site, { visibility: value } as any)

    /** What a visitor reads through the client: the site's page titles, and whether the beta page is readable. */
    const readAs = async (url: string, headers: Record<string, string> = {}) => {
      const client = await connect(url, headers)
      const listed = successOf(await call(client, "list_pages", {}))
      const titles = listed.sections.flatMap((s: any) => s.siteSpaces.flatMap((x: any) => x.pages.map((p: any) => p.title)))
      expect(markdownOf(await call(client, "read_page", { path: "install" }))).toContain("Boil")
      return { client, titles, sections: listed.sections.map((s: any) => s.title) }
    }

    beforeAll(async () => {
      site = await siteOf("Members", [guides])
      const betaSection = await addSection(site, beta, "Beta", "beta")
      const jsonSchema = { type: "object", properties: { beta: { type: "boolean", description: "A beta tester" } }, additionalProperties: false }
      await ada.api.orgs.updateSiteAdaptiveSchema(acme, site, { jsonSchema } as any)
      await ada.api.orgs.updateSiteSectionById(acme, site, betaSection, { condition: "visitor.claims.beta" } as any)
      siteUrl = `${server.url}/sites/${acme}/members`
      mcpUrl = `${siteUrl}/${MCP}`
      key = await visitorKeyOf(site)
    })

    it("unpublished: 404", async () => {
      expect(await statusOf(mcpUrl)).toBe(404)
      await expect(connect(mcpUrl)).rejects.toThrow()
    })

    it("public and unlisted: anyone (without claims, the Beta section's condition fails)", async () => {
      expect(await publish(site)).toBe(siteUrl)
      const anyone = await readAs(mcpUrl)
      expect(anyone.titles).toEqual(["Welcome", "Install"])
      expect(anyone.sections).not.toContain("Beta")
      await visibility("unlisted")
      expect((await readAs(mcpUrl)).titles).toEqual(["Welcome", "Install"])
    })

    it("share-link: 404 without the key, served with ?share= or its cookie, 404 once revoked", async () => {
      await visibility("share-link")
      expect(await statusOf(mcpUrl)).toBe(404)
      const link = (await ada.api.orgs.createSiteShareLink(acme, site, { name: "Partners" })).data
      const shareKey = new URL(link.urls.published!).searchParams.get("share")!
      expect(shareKey).toMatch(/./)
      await readAs(`${mcpUrl}?share=${encodeURIComponent(shareKey)}`)
      await readAs(mcpUrl, { cookie: `quire_share=${encodeURIComponent(shareKey)}` })
      expect(await statusOf(`${mcpUrl}?share=nope`)).toBe(404)
      await ada.api.orgs.updateSiteShareLinkById(acme, site, link.id, { active: false })
      expect(await statusOf(`${mcpUrl}?share=${encodeURIComponent(shareKey)}`)).toBe(404)
    })

    it("visitor-auth: 401 without a valid token; a token's claims decide which sections are listed and readable", async () => {
      await visibility("visitor-auth")
      const none = await post(mcpUrl)
      expect(none.status).toBe(401)
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/)
      expect(((await none.json()) as any).error.code).toBe(401)
      expect(await statusOf(mcpUrl, { authorization: "Bearer nope" })).toBe(401)
      expect(await statusOf(mcpUrl, { authorization: `Bearer ${await sign({ beta: true }, { key: makeVisitorKey() })}` })).toBe(401)
      expect(await statusOf(mcpUrl, { authorization: `Bearer ${await sign({ beta: true }, { siteId: docs })}` })).toBe(401)
      expect(await statusOf(`${mcpUrl}?jwt_token=nope`)).toBe(401)

      // Not a beta tester: the Beta section is neither listed, nor readable, nor searched.
      const plain = await readAs(mcpUrl, { authorization: `Bearer ${await sign({ beta: false })}` })
      expect(plain.sections).not.toContain("Beta")
      expect(plain.titles).not.toContain("Preview")
      expect(errorOf(await call(plain.client, "read_page", { path: "beta/preview" })).code).toBe(404)
      expect(errorOf(await call(plain.client, "read_page", { pageId: await pageIdOf(ada, beta, "preview") })).code).toBe(404)
      expect(successOf(await call(plain.client, "search", { query: "quince preview" })).results).toEqual([])
      expect((await plain.client.listResources()).resources.map((r) => r.name)).not.toContain("Preview")
      await expect(plain.client.readResource({ uri: `${siteUrl}/beta.md` })).rejects.toThrow()

      // A beta tester, by link and by cookie.
      const token = await sign({ beta: true })
      for (const tester of [await readAs(`${mcpUrl}?jwt_token=${token}`), await readAs(mcpUrl, { cookie: `quire_visitor=${token}` })]) {
        expect(tester.sections).toContain("Beta")
        expect(tester.titles).toContain("Preview")
        expect(markdownOf(await call(tester.client, "read_page", { path: "beta/preview" }))).toContain("The quince preview")
        const found = successOf(await call(tester.client, "search", { query: "quince preview" })).results
        expect(found.map((r: any) => [r.title, r.path])).toEqual([["Preview", "beta/preview"]])
      }
    })

    it("unpublished again: 404", async () => {
      await ada.api.orgs.unpublishSite(acme, site)
      expect(await statusOf(mcpUrl, { authorization: `Bearer ${await sign({ beta: true })}` })).toBe(404)
    })
  })
})

const postgres = await postgresAvailable()

describe.skipIf(!postgres)("a published site's MCP server on Postgres", { timeout: 120_000 }, () => {
  let scope: Scope.CloseableScope
  let server: RunningServer
  let siteUrl: string

  beforeAll(async () => {
    scope = Effect.runSync(Scope.make())
    const databaseUrl = await Effect.runPromise(Scope.extend(freshPostgresDatabase, scope))
    server = await startServer({ databaseUrl })
    const { ada, acme } = await makeAcme(server)
    const space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
    await writePages(ada, space, [
      page("Welcome", "welcome", "Welcome to the handbook."),
      page("Guide", "guide", "## Install\n\nThe marmalade handbook's install guide.")
    ])
    const site = (await ada.api.orgs.createSite(acme, { title: "Handbook", spaces: [space] } as any)).data.id
    siteUrl = publishedUrlOf((await ada.api.orgs.publishSite(acme, site)).data)
  })

  afterAll(async () => {
    await server?.stop()
    if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  it("searches the site and reads a page by path and by id", async () => {
    const client = await connect(`${siteUrl}/${MCP}`)
    expect(client.getServerVersion()?.name).toBe("Handbook")
    const { results } = successOf(await call(client, "search", { query: "marmalade" }))
    expect(results.map((r: any) => [r.title, r.url, r.path])).toEqual([["Guide", `${siteUrl}/guide`, "guide"]])
    expect(markdownOf(await call(client, "read_page", { path: "guide" }))).toContain("The marmalade handbook's install guide.")
    const id = successOf(await call(client, "list_pages", {})).sections[0].siteSpaces[0].pages[1].id
    expect(markdownOf(await call(client, "read_page", { pageId: id }))).toMatch(/^# Guide/)
    expect(errorOf(await call(client, "read_page", { path: "nowhere" })).code).toBe(404)
  })
})
