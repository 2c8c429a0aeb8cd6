import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeAcme, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import type { ChangeRequestContentUpdate } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Search through the official client, on SQLite: a space's and an organization's, kept current
 * by merges, never showing what the caller may not read. ada administers Acme, carl reads in it,
 * eve is outside it with her own organization. Every answer is checked against the official spec.
 */
let server: RunningServer
let ada: Principal
let carl: Principal
let eve: Principal
let acme: string
let handbook: string
let pages: Record<string, string>

type Change = Record<string, unknown>

/** Applies `changes` through a merged change request; the ids of the pages it inserted, in order. */
const merged = async (who: Principal, space: string, changes: ReadonlyArray<Change>) => {
  const cr = (await who.api.spaces.createChangeRequest(space, { subject: "Edit" })).data
  const update = (await who.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false }))
    .data as ChangeRequestContentUpdate
  expect((await who.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
  return update.changes.map((change) => (change.page as unknown as { id: string } | undefined)?.id ?? "")
}

const insert = (title: string, markdown: string): Change => ({ operation: "insert_page", title, document: { markdown } })

const GETTING_STARTED = [
  "Welcome to the café, where Crème brûlée is served.",
  "## Install",
  "Run `npm install quire` to install the quick brown fox.",
  "## Configure",
  "Set getUserById and snake_case_name in the configuration."
].join("\n\n")

beforeAll(async () => {
  server = await startServer()
  ;({ ada, carl, eve, acme } = await makeAcme(server))
  handbook = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
  const [start, tokyo, reference] = await merged(ada, handbook, [
    insert("Getting started", GETTING_STARTED),
    insert("東京ガイド", "東京都の観光案内です。\n\n## 食べ物\n\nラーメンと寿司。"),
    insert("Reference", "The lazy dog sleeps. NEAR AND OR NOT are words here.")
  ])
  pages = { start: start!, tokyo: tokyo!, reference: reference! }
  // Eve's organization has the same words: nothing of it ever reaches Acme's searches.
  const evil = (await eve.api.orgs.createOrganization({ title: "Evil" })).data.id
  const trap = (await eve.api.orgs.createSpace(evil, { title: "Trap" })).data.id
  await merged(eve, trap, [insert("Getting started", GETTING_STARTED)])
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const searchSpace = async (who: Principal, query: string, params: Record<string, unknown> = {}) =>
  (await who.api.spaces.searchSpaceContent(handbook, { query, ...params } as any)).data

const pageIds = (result: { items: ReadonlyArray<{ id: string }> }) => result.items.map((item) => item.id).sort()

describe("searchSpaceContent", () => {
  it("finds a page by a word of a section, with the section, its snippet and the page's place", async () => {
    const result = await searchSpace(carl, "install")
    expect(pageIds(result)).toEqual([pages.start])
    const [page] = result.items
    expect(page).toMatchObject({
      id: pages.start,
      title: "Getting started",
      path: "getting-started",
      rank: 1,
      ancestors: [],
      urls: { app: `${server.url}/s/${handbook}/getting-started` }
    })
    expect(page!.sections![0]).toMatchObject({
      id: `${pages.start}#install`,
      title: "Install",
      path: "getting-started#install",
      resultType: "section",
      urls: { app: `${server.url}/s/${handbook}/getting-started#install` }
    })
    expect(page!.sections![0]!.body).toContain("Run npm **install** quire to **install** the quick brown fox.")
    expect(page!.score).toBeGreaterThan(0)
  })

  it.each([
    ["a word without its accents", "cafe", "start"],
    ["a word with other case and accents", "CRÈME", "start"],
    ["several words, all in one section", "quick fox install", "start"],
    ["a quoted phrase", '"brown fox"', "start"],
    ["the last word as a prefix", "configur", "start"],
    ["a code token", "getUserById", "start"],
    ["a word the index splits, as a phrase", "snake_case_name", "start"],
    ["two characters of a CJK word", "京都", "tokyo"],
    ["a CJK run inside a sentence", "観光案内", "tokyo"],
    ["words some engines read as operators", "NEAR AND", "reference"]
  ])("finds %s (%s)", async (_what, query, page) => {
    expect(pageIds(await searchSpace(ada, query))).toEqual([pages[page]])
  })

  it.each([
    ["words of different sections", "lazy install"],
    ["a phrase in the wrong order", '"fox brown"'],
    ["a word not in the space", "zebra"],
    ["punctuation only", "!!! ??? ***"],
    ["engine syntax", 'NEAR(fox lazy, 2) OR title:* -dog ^"'],
    ["an unclosed quote", '"brown fox']
  ])("finds nothing for %s", async (_what, query) => {
    const result = await searchSpace(ada, query)
    if (query === '"brown fox') {
      // An unclosed quote is a separator: the words still match.
      expect(pageIds(result)).toEqual([pages.start])
      return
    }
    expect(result.items).toEqual([])
  })

  it("refuses an empty or over-long query with 400 naming query, and an unknown page token naming page", async () => {
    for (const query of ["", "x".repeat(513), "y".repeat(10_000)]) {
      const response = await rawCall(server.url, ada.token, "GET", `/spaces/${handbook}/search?query=${encodeURIComponent(query)}`)
      expect({ status: response.status, field: response.body?.error?.field }).toEqual({ status: 400, field: "query" })
    }
    const missing = await rawCall(server.url, ada.token, "GET", `/spaces/${handbook}/search`)
    expect(missing.status).toBe(400)
    const badPage = await rawCall(server.url, ada.token, "GET", `/spaces/${handbook}/search?query=fox&page=nope`)
    expect({ status: badPage.status, field: badPage.body?.error?.field }).toEqual({ status: 400, field: "page" })
    // 512 characters is allowed, however long its one word.
    expect((await searchSpace(ada, "z".repeat(512))).items).toEqual([])
  })

  it("pages through the ranking with limit and next, each page once", async () => {
    const all = await searchSpace(ada, "the")
    expect(all.items.length).toBeGreaterThanOrEqual(2)
    const seen: Array<string> = []
    let page: string | undefined
    do {
      const result = await searchSpace(ada, "the", { limit: 1, ...(page ? { page } : {}) })
      expect(result.items.length).toBe(1)
      expect(result.items[0]!.rank).toBe(seen.length + 1)
      seen.push(result.items[0]!.id)
      page = result.next?.page
    } while (page !== undefined)
    expect(seen).toEqual(all.items.map((item) => item.id))
  })

  it("is 404 for someone outside the organization", async () => {
    await expectFailure(eve.api.spaces.searchSpaceContent(handbook, { query: "install" }), 404)
  })
})

describe("the index follows the space's content", () => {
  it("a merge that edits a page replaces its words; one that deletes a page removes it", async () => {
    await merged(ada, handbook, [
      { operation: "update_page", page: pages.reference, document: { markdown: "A zebra crossing." } }
    ])
    expect(pageIds(await searchSpace(ada, "zebra"))).toEqual([pages.reference])
    expect((await searchSpace(ada, "lazy")).items).toEqual([])
    await merged(ada, handbook, [{ operation: "delete_page", page: pages.reference }])
    expect((await searchSpace(ada, "zebra")).items).toEqual([])
  })

  it("a duplicated space is searchable at once", async () => {
    const copy = (await ada.api.spaces.duplicateSpace(handbook)).data.id
    const result = (await ada.api.spaces.searchSpaceContent(copy, { query: "install" })).data
    expect(result.items.map((item) => item.id)).toEqual([pages.start])
    expect(result.items[0]!.urls.app).toBe(`${server.url}/s/${copy}/getting-started`)
  })
})

describe("searchOrganizationContent", () => {
  it("groups pages by space, only Acme's, and never Eve's", async () => {
    const result = (await ada.api.orgs.searchOrganizationContent(acme, { query: "install" })).data
    const spaces = result.items.map((item) => item.id)
    expect(spaces).toContain(handbook)
    for (const item of result.items) {
      expect(item.type).toBe("space")
      expect(item.pages.map((page) => page.id)).toEqual([pages.start])
    }
    const eves = (await eve.api.orgs.searchOrganizationContent((await eve.api.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id, { query: "install" })).data
    expect(eves.items.map((item) => item.id)).not.toContain(handbook)
    expect(eves.items.length).toBe(1)
  })

  it("leaves a deleted space out at once and shows it again once restored", async () => {
    const space = (await ada.api.orgs.createSpace(acme, { title: "Archive" })).data.id
    await merged(ada, space, [insert("Old notes", "Quasar telemetry.")])
    const spacesFor = async () =>
      (await carl.api.orgs.searchOrganizationContent(acme, { query: "quasar" })).data.items.map((item) => item.id)
    expect(await spacesFor()).toEqual([space])
    await ada.api.spaces.deleteSpaceById(space)
    expect(await spacesFor()).toEqual([])
    await ada.api.spaces.restoreSpace(space)
    expect(await spacesFor()).toEqual([space])
  })

  it("is 404 for an organization the caller is not in", async () => {
    await expectFailure(eve.api.orgs.searchOrganizationContent(acme, { query: "install" }), 404)
  })

  it("refuses a missing query with 400 naming query", async () => {
    const response = await rawCall(server.url, ada.token, "GET", `/orgs/${acme}/search?query=`)
    expect({ status: response.status, field: response.body?.error?.field }).toEqual({ status: 400, field: "query" })
  })

  it("exercises every search operation", () => {
    expect(notExercised(operationsByArea.search)).toEqual([])
  })
})


