import { afterEach, describe, expect, it } from "vitest"
import { takeSpecViolations } from "./support/fixtures.js"
import { processedSpec } from "./support/openapi.js"
import { raceBackends, statusOf, twoServers } from "./support/twoServers.js"

/**
 * OpenAPI spec writes at once through two `quire serve` processes, on SQLite and Postgres: one
 * slug is created once however many creates race (the others 400 naming `slug`, never a 500),
 * racing `PUT`s make one spec, and after racing source updates the spec ends processed with the
 * last source written: the superseded jobs write nothing.
 */
const RACERS = 8

const document = (title: string) => JSON.stringify({ openapi: "3.1.0", info: { title, version: "1" }, paths: {} })

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe.each(raceBackends)("OpenAPI specs on $name, two server processes", (backend) => {
  const world = twoServers(backend)

  it("racing creates of one slug make one spec; the others answer 400", async ({ skip }) => {
    if (world.skip) skip()
    const statuses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        statusOf(world.through(i).orgs.createOpenApiSpec(world.acme, { slug: "raced", source: { text: document(`R${i}`) } }))
      )
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 201).every((status) => status === 400)).toBe(true)
    expect((await world.through(0).orgs.listOpenApiSpecs(world.acme)).data.items.filter((s) => s.slug === "raced")).toHaveLength(1)
  })

  it("racing PUTs of a new slug make one spec, processed with one of their sources", async ({ skip }) => {
    if (world.skip) skip()
    const statuses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        statusOf(world.through(i).orgs.createOrUpdateOpenApiSpecBySlug(world.acme, "put-raced", { source: { text: document(`P${i}`) } }))
      )
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 201).every((status) => status === 200)).toBe(true)
    const spec = await processedSpec(world.through(0), world.acme, "put-raced")
    expect(spec.lastProcessErrorCode).toBeUndefined()
    const raw = (await world.through(1).orgs.getLatestOpenApiSpecVersionContentRaw(world.acme, "put-raced")).data.text
    expect(Array.from({ length: RACERS }, (_, i) => document(`P${i}`))).toContain(raw)
    // The spec ended on the source written last: its processing is the one that counted.
    const last = (await world.through(0).orgs.createOrUpdateOpenApiSpecBySlug(world.acme, "put-raced", { source: { text: document("Last") } })).data
    expect(last.processingState).toBe("pending")
    await processedSpec(world.through(1), world.acme, "put-raced")
    expect((await world.through(1).orgs.getLatestOpenApiSpecVersionContentRaw(world.acme, "put-raced")).data.text).toBe(document("Last"))
  })
})
