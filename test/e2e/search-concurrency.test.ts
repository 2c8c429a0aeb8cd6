import { describe, expect, it } from "vitest"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, statusOf, twoServers } from "./support/twoServers.js"

/**
 * Merges at once through two `quire serve` processes on one database, on SQLite and on
 * Postgres: each merged page is found by search afterwards, so no merge's index rows are lost
 * to another's, and a merge that loses a race leaves no rows of its own. No request is a 5xx.
 */
const MERGES = 8

describe.each(raceBackends)("search on $name, two server processes", (backend) => {
  const world = twoServers(backend)

  it.skipIf(world.skip)(`${MERGES} change requests, each a page with its own word, merged at once: each merged page is found`, async () => {
    const { through, ada, acme } = world
    const space = (await ada.api.orgs.createSpace(acme, { title: "Busy" })).data.id
    const requests = await Promise.all(
      Array.from({ length: MERGES }, async (_, i) => {
        const cr = (await through(i).spaces.createChangeRequest(space, { subject: `Page ${i}` })).data.id
        await through(i).spaces.updateChangeRequestContent(
          space,
          cr,
          { changes: [{ operation: "insert_page", title: `Page ${i}`, document: { markdown: `Word marker${i}x here.` } }] } as any,
          { compat: false }
        )
        return cr
      })
    )
    const statuses = await Promise.all(requests.map((cr, i) => statusOf(through(i).spaces.mergeChangeRequest(space, cr))))
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    const merged = (await ada.api.spaces.listPages(space)).data.pages.map((page) => page.title)
    expect(merged.length).toBe(MERGES)
    for (let i = 0; i < MERGES; i++) {
      const found = (await through(i + 1).spaces.searchSpaceContent(space, { query: `marker${i}x` })).data.items
      expect(found.map((page) => page.title)).toEqual([`Page ${i}`])
    }
    const organization = (await through(0).orgs.searchOrganizationContent(acme, { query: "word" })).data.items
    expect(organization.flatMap((item) => item.pages.map((page) => page.title)).sort()).toEqual(merged.sort())
    expect(takeSpecViolations()).toEqual([])
  }, 180_000)
})
