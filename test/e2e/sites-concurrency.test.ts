import { describe, expect, it } from "vitest"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, statusOf, twoServers } from "./support/twoServers.js"

/**
 * A site's structure changed at once through two `quire serve` processes on one database, on
 * SQLite and on Postgres: sections added and site spaces added and moved at the same time are
 * all kept, the invariants hold (root site spaces or sections, one default section, one default
 * site space per section, unique paths), and no request fails with a 5xx.
 */
const SECTIONS = 10
const SITE_SPACES = 6

describe.each(raceBackends)("site structure on $name, two server processes", (backend) => {
  const world = twoServers(backend)

  it.skipIf(world.skip)("sections added and site spaces added and moved at once are all kept, and the invariants hold", async () => {
    const { through, ada, acme } = world
    const spaces: Array<string> = []
    for (let i = 0; i < 2 + SECTIONS + SITE_SPACES; i++) spaces.push((await ada.api.orgs.createSpace(acme, { title: `Space ${i}` })).data.id)
    const site = (await ada.api.orgs.createSite(acme, { title: "Busy docs", spaces: spaces.slice(0, 2) })).data
    const root = (await ada.api.orgs.listSiteSpaces(acme, site.id)).data.items
    const statuses = await Promise.all([
      ...spaces.slice(2, 2 + SECTIONS).map((spaceId, i) => statusOf(through(i).orgs.addSectionToSite(acme, site.id, { spaceId }))),
      ...spaces.slice(2 + SECTIONS).map((spaceId, i) => statusOf(through(i + 1).orgs.addSpaceToSite(acme, site.id, { spaceId }))),
      ...root.map((siteSpace, i) => statusOf(through(i).orgs.moveSiteSpace(acme, site.id, siteSpace.id, {})))
    ])
    expect(statuses.filter((status) => status >= 300)).toEqual([])

    const sections = (await ada.api.orgs.listSiteSections(acme, site.id, { limit: 1000 })).data.items
    // The root's two site spaces went into a section of their own; each added section holds its space.
    expect(sections).toHaveLength(SECTIONS + 1)
    expect(sections.filter((s) => s.default)).toHaveLength(1)
    expect(new Set(sections.map((s) => s.path)).size).toBe(sections.length)
    for (const section of sections) {
      expect(section.siteSpaces.filter((x) => x.default)).toHaveLength(1)
      expect(new Set(section.siteSpaces.map((x) => x.path)).size).toBe(section.siteSpaces.length)
    }
    const placed = sections.flatMap((s) => s.siteSpaces.map((x) => x.space.id))
    expect(new Set(placed)).toEqual(new Set(spaces))
    expect(placed).toHaveLength(spaces.length)
    const structure = (await ada.api.orgs.getSiteStructure(acme, site.id)).data
    expect(structure.type).toBe("sections")
    expect(takeSpecViolations()).toEqual([])
  }, 180_000)
})
