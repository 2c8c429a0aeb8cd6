import { GitBookAPIError } from "@gitbook/api"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"
import { gitbook } from "./support/client.js"
import { makeAcme, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Merges at once through two `quire serve` processes on one database, on SQLite and on
 * Postgres: each merged page is found by search afterwards, so no merge's index rows are lost
 * to another's, and a merge that loses a race leaves no rows of its own. No request is a 5xx.
 */
const backends = [
  { name: "SQLite", database: async () => undefined },
  { name: "Postgres", database: async (scope: Scope.CloseableScope) => Effect.runPromise(Scope.extend(freshPostgresDatabase, scope)) }
] as const

const postgres = await postgresAvailable()

const statusOf = (call: Promise<{ status: number }>): Promise<number> =>
  call.then(
    (response) => response.status,
    (error) => (error instanceof GitBookAPIError ? error.code : Promise.reject(error))
  )

const MERGES = 8

describe.each(backends)("search on $name, two server processes", ({ name, database }) => {
  const scope = Effect.runSync(Scope.make())
  let servers: ReadonlyArray<RunningServer> = []
  let ada: Principal
  let acme: string
  let space: string
  const skip = name === "Postgres" && !postgres

  const through = (i: number) => gitbook(servers[i % 2]!.url, ada.token)

  beforeAll(async () => {
    if (skip) return
    const url = await database(scope)
    const first = await startServer(url === undefined ? {} : { databaseUrl: url })
    servers = [first, await startServer({ databaseUrl: first.env.DATABASE_URL! })]
    ;({ ada, acme } = await makeAcme(first))
    space = (await ada.api.orgs.createSpace(acme, { title: "Busy" })).data.id
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }, 60_000)

  it.skipIf(skip)(`${MERGES} change requests, each a page with its own word, merged at once: each merged page is found`, async () => {
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
