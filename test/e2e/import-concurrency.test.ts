import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, twoServers } from "./support/twoServers.js"

/**
 * Content imports into one space at once through two `quire serve` processes on one database,
 * on SQLite and on Postgres: every import's page is in the space afterwards (none lost to
 * another's new revision), and no request is a 5xx.
 */
const IMPORTS = 6

const fixtures = createServer((request, response) => {
  const n = /\/page-(\d+)\.md$/.exec(request.url ?? "")?.[1]
  response.writeHead(n === undefined ? 404 : 200, { "content-type": "text/markdown; charset=utf-8" })
  response.end(n === undefined ? "" : `# Imported ${n}\n\nPage ${n} of the race.\n`)
})
let base = ""

beforeAll(async () => {
  await new Promise<void>((done) => fixtures.listen(0, "127.0.0.1", done))
  base = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((done) => fixtures.close(() => done())))

describe.each(raceBackends)("content import on $name, two server processes", (backend) => {
  const world = twoServers(backend, { QUIRE_FETCH_ALLOW: "127.0.0.1" })

  it.skipIf(world.skip)(`${IMPORTS} imports into one space at once: every imported page is kept`, async () => {
    const { servers, ada, acme, through } = world
    const space = (await through(0).orgs.createSpace(acme, { title: "Busy" })).data.id
    const statuses = await Promise.all(
      Array.from({ length: IMPORTS }, async (_, i) => {
        const answer = await rawCall(servers[i % 2]!.url, ada.token, "POST", `/spaces/${space}/content/import`, {
          url: `${base}/page-${i}.md`,
          source: "markdown"
        })
        return answer.status
      })
    )
    expect(statuses).toEqual(Array.from({ length: IMPORTS }, () => 201))
    const titles = (await ada.api.spaces.listPages(space)).data.pages.map((page) => page.title).sort()
    expect(titles).toEqual(Array.from({ length: IMPORTS }, (_, i) => `Imported ${i}`).sort())
    expect(takeSpecViolations()).toEqual([])
  }, 180_000)
})
