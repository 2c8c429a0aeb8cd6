import { existsSync, mkdirSync, rmSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { makeAcme, type Principal, takeSpecViolations } from "../e2e/support/fixtures.js"
import type { ChangeRequestContentUpdate } from "../e2e/support/gitbookTypes.js"
import { type RunningServer, startServer } from "../e2e/support/server.js"

/**
 * The published-site reader in a real browser: Debian's chromium driven by playwright-core
 * (which never downloads a browser; `CHROMIUM_PATH` names another binary). A real `quire serve`
 * on fresh SQLite; ada writes two spaces through merged change requests and publishes them as
 * the Docs site (sections Guides and API), then a visitor clicks through it: the sidebar, the
 * search box, the section tabs, a share link, an unpublished site and a page of hostile markdown.
 */
const root = resolve(import.meta.dirname, "../..")
const screenshot = join(root, "test-output/reader-landing.png")

let server: RunningServer
let browser: Browser
let ada: Principal
let acme: string
let guides: string
let api: string
let docs: string
/** The Docs site's address (its `urls.published`), without a trailing slash. */
let docsUrl: string

type Change = Record<string, unknown>

/** Applies `changes` through a merged change request; the ids of the pages it inserted, in order. */
const merged = async (space: string, changes: ReadonlyArray<Change>) => {
  const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Write" })).data
  const update = (await ada.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false }))
    .data as ChangeRequestContentUpdate
  expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
  return update.changes.map((change) => (change.page as unknown as { id: string } | undefined)?.id ?? "")
}

const insert = (title: string, markdown: string, into?: string): Change => ({
  operation: "insert_page",
  title,
  ...(into === undefined ? {} : { into }),
  document: { markdown }
})

/** Markdown that would run script in a reader that passed it through: each payload sets `window.__pwned` or opens a dialog. */
const HOSTILE = [
  "Nothing to see here.",
  "<script>window.__pwned = 1</script>",
  '<img src=x onerror="window.__pwned=2">',
  "[x](javascript:window.__pwned=3)",
  '<details open ontoggle="alert(4)"><summary>more</summary>text</details>',
  '<a href="javascript:alert(5)">y</a>'
].join("\n\n")

const CONFIGURATION = ["Quire reads its settings at start.", "## Options", "The zeppelin option sets the airship mode.", "## Environment", "Variables override options."].join("\n\n")

/** A page's `<h1>` (the title), waiting for it. */
const heading = (page: Page) => page.locator("main h1").first().innerText()

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

beforeAll(async () => {
  server = await startServer()
  ;({ ada, acme } = await makeAcme(server))
  guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
  api = (await ada.api.orgs.createSpace(acme, { title: "API" })).data.id
  const [, setup] = await merged(guides, [
    insert("Welcome", "Welcome to the Acme guides."),
    insert("Setup", "Setting things up."),
    insert("Configuration", CONFIGURATION),
    insert("Hostile", HOSTILE)
  ])
  await merged(guides, [insert("Installing on Linux", "Use the package manager.", setup)])
  await merged(api, [insert("API overview", "The API answers JSON."), insert("Endpoints", "Every endpoint, listed.")])
  docs = (await ada.api.orgs.createSite(acme, { title: "Docs", spaces: [guides] } as any)).data.id
  const apiSection = (await ada.api.orgs.addSectionToSite(acme, docs, { spaceId: api, title: "API" } as any)).data.id
  // The first section, made of the site's root site spaces, is named after the site: name it after its space.
  const first = (await ada.api.orgs.listSiteSections(acme, docs)).data.items.find((s) => s.id !== apiSection)!
  await ada.api.orgs.updateSiteSectionById(acme, docs, first.id, { title: "Guides" })
  await ada.api.orgs.publishSite(acme, docs)
  docsUrl = (await ada.api.orgs.getSiteById(acme, docs)).data.urls.published!.replace(/\/+$/, "")
  browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

/** A fresh browser context (no cookies) and a page in it; closed with the context. */
const freshPage = async () => {
  const context = await browser.newContext()
  context.setDefaultTimeout(10_000)
  return { context, page: await context.newPage() }
}

describe("the published site in chromium", { timeout: 120_000 }, () => {
  it("the landing page shows the first page, and a full-page screenshot of it is written", async () => {
    const { context, page } = await freshPage()
    const response = await page.goto(docsUrl)
    expect(response?.status()).toBe(200)
    expect(await heading(page)).toBe("Welcome")
    expect(await page.locator("main").innerText()).toContain("Welcome to the Acme guides.")
    rmSync(screenshot, { force: true })
    mkdirSync(join(root, "test-output"), { recursive: true })
    await page.screenshot({ path: screenshot, fullPage: true })
    expect(existsSync(screenshot)).toBe(true)
    expect(statSync(screenshot).size).toBeGreaterThan(5 * 1024)
    await context.close()
  })

  it("the sidebar leads to a nested page: the URL and the title change, the entry is current", async () => {
    const { context, page } = await freshPage()
    await page.goto(docsUrl)
    const sidebar = page.locator('nav[aria-label="Pages"]')
    // The nested page is inside its parent's closed <details> until the parent is being read.
    await sidebar.getByRole("link", { name: "Setup", exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/setup"))
    expect(await heading(page)).toBe("Setup")
    const before = page.url()
    const nested = sidebar.getByRole("link", { name: "Installing on Linux", exact: true })
    await nested.click()
    await page.waitForURL((url) => url.href !== before)
    expect(new URL(page.url()).pathname).toMatch(/\/setup\/installing-on-linux$/)
    expect(await heading(page)).toBe("Installing on Linux")
    expect(await sidebar.getByRole("link", { name: "Installing on Linux", exact: true }).getAttribute("aria-current")).toBe("page")
    expect(await sidebar.getByRole("link", { name: "Welcome", exact: true }).getAttribute("aria-current")).toBeNull()
    await context.close()
  })

  it("the search box finds the one page with a word; its result leads there, with an outline of its headings", async () => {
    const { context, page } = await freshPage()
    await page.goto(docsUrl)
    const box = page.locator('form[role="search"] input[type="search"][name="q"]')
    await box.fill("zeppelin")
    await box.press("Enter")
    await page.waitForURL((url) => url.pathname.endsWith("/~search"))
    expect(new URL(page.url()).searchParams.get("q")).toBe("zeppelin")
    const results = page.locator("main a")
    const titles = await results.allInnerTexts()
    expect(titles).toContain("Configuration")
    expect(titles).not.toContain("Welcome")
    expect(titles).not.toContain("Setup")
    await page.locator("main").getByRole("link", { name: "Configuration", exact: true }).first().click()
    await page.waitForURL((url) => !url.pathname.endsWith("/~search"))
    expect(new URL(page.url()).pathname).toMatch(/\/configuration$/)
    expect(await heading(page)).toBe("Configuration")
    expect(await page.locator('nav[aria-label="On this page"] a').allInnerTexts()).toEqual(["Options", "Environment"])
    await context.close()
  })

  it("the section tabs switch to the other section's content", async () => {
    const { context, page } = await freshPage()
    await page.goto(docsUrl)
    const tabs = page.locator('nav[aria-label="Sections"]')
    expect(await tabs.getByRole("link", { name: "Guides", exact: true }).getAttribute("aria-current")).toBe("page")
    await tabs.getByRole("link", { name: "API", exact: true }).click()
    await page.waitForURL((url) => url.href.replace(/\/+$/, "") !== docsUrl)
    expect(await heading(page)).toBe("API overview")
    expect(await tabs.getByRole("link", { name: "API", exact: true }).getAttribute("aria-current")).toBe("page")
    expect(await page.locator('nav[aria-label="Pages"] a').allInnerTexts()).toEqual(["API overview", "Endpoints"])
    await context.close()
  })

  it("a share-link site: the link opens it, a cookie keeps it open, nobody else gets in, revoking closes it", async () => {
    const site = (await ada.api.orgs.createSite(acme, { title: "Partners", spaces: [guides] } as any)).data.id
    await ada.api.orgs.publishSite(acme, site)
    const siteUrl = (await ada.api.orgs.getSiteById(acme, site)).data.urls.published!.replace(/\/+$/, "")
    await ada.api.orgs.updateSiteById(acme, site, { visibility: "share-link" } as any)
    const link = (await ada.api.orgs.createSiteShareLink(acme, site, { name: "Partner" })).data
    const shared = link.urls.published!
    expect(new URL(shared).searchParams.get("share")).not.toBeNull()

    const visitor = await freshPage()
    const first = await visitor.page.goto(shared)
    expect(first?.status()).toBe(200)
    expect(await heading(visitor.page)).toBe("Welcome")
    const other = await visitor.page.goto(`${siteUrl}/configuration`)
    expect(new URL(visitor.page.url()).searchParams.has("share")).toBe(false)
    expect(other?.status()).toBe(200)
    expect(await heading(visitor.page)).toBe("Configuration")

    const stranger = await freshPage()
    expect((await stranger.page.goto(siteUrl))?.status()).toBe(404)
    expect((await stranger.page.goto(`${siteUrl}/configuration`))?.status()).toBe(404)
    await stranger.context.close()

    await ada.api.orgs.updateSiteShareLinkById(acme, site, link.id, { active: false })
    expect((await visitor.page.goto(`${siteUrl}/configuration`))?.status()).toBe(404)
    expect((await visitor.page.goto(shared))?.status()).toBe(404)
    await visitor.context.close()
  })

  it("a page of hostile markdown runs none of its script", async () => {
    const { context, page } = await freshPage()
    const dialogs: Array<string> = []
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const response = await page.goto(`${docsUrl}/hostile`)
    expect(response?.status()).toBe(200)
    expect(await heading(page)).toBe("Hostile")
    expect(await page.locator("main").innerText()).toContain("Nothing to see here.")
    await page.waitForTimeout(500)
    expect(await page.evaluate("window.__pwned")).toBeUndefined()
    expect(await page.locator("main script").count()).toBe(0)
    expect(await page.locator("main [onerror], main [ontoggle]").count()).toBe(0)
    // The javascript: links (anchors still, if not links) do nothing when clicked.
    for (const name of ["x", "y"]) {
      const link = page.locator("main a", { hasText: new RegExp(`^${name}$`) })
      if ((await link.count()) === 0) continue
      const href = await link.first().getAttribute("href")
      await link.first().click({ noWaitAfter: true })
      await page.waitForTimeout(300)
      expect(await page.evaluate("window.__pwned")).toBeUndefined()
      expect(href ?? "").not.toMatch(/^\s*javascript:/i)
    }
    expect(await page.evaluate("window.__pwned")).toBeUndefined()
    expect(dialogs).toEqual([])
    // The same browser does run a page's script and report its dialogs: the checks above could fail.
    // (Written into a blank document: the reader's own page forbids script by its Content-Security-Policy.)
    await page.goto("about:blank")
    await page.setContent(`<script>window.__pwned = 1; alert("canary")</script>`)
    expect(await page.evaluate("window.__pwned")).toBe(1)
    expect(dialogs).toEqual(["canary"])
    await context.close()
  })

  it("unpublishing takes the site's address away: 404", async () => {
    const { context, page } = await freshPage()
    expect((await page.goto(docsUrl))?.status()).toBe(200)
    expect((await ada.api.orgs.unpublishSite(acme, docs)).data.published).toBe(false)
    expect((await page.goto(docsUrl))?.status()).toBe(404)
    expect((await page.goto(`${docsUrl}/configuration`))?.status()).toBe(404)
    await context.close()
  })
})
