import { beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, twoServers } from "./support/twoServers.js"

/**
 * Custom fields written at once through two `quire serve` processes on one database, on SQLite
 * and on Postgres: one of many creates of a name wins and the others are 409, values of
 * different fields set at once are all kept, and a field deleted while spaces set it leaves no
 * value behind. No request fails with a 5xx.
 */
describe.each(raceBackends)("custom fields on $name, two server processes", (backend) => {
  const world = twoServers(backend)
  const skip = world.skip
  let acme: string
  let space: string

  /** The `i`-th request, through one process or the other. */
  const through = (i: number, method: string, path: string, body?: unknown) =>
    rawCall(world.servers[i % 2]!.url, world.ada.token, method, path, body)

  beforeAll(async () => {
    if (skip) return
    acme = world.acme
    space = (await world.ada.api.orgs.createSpace(acme, { title: "Busy" })).data.id
  }, 60_000)

  it.skipIf(skip)("20 creates of one name at once: one 201, the others 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => through(i, "POST", `/orgs/${acme}/custom-fields`, { name: "contested", type: "text", title: `T${i}` }))
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([201, ...Array(19).fill(409)])
    const listed = await through(0, "GET", `/orgs/${acme}/custom-fields`)
    expect(listed.body.items.filter((f: { name: string }) => f.name === "contested")).toHaveLength(1)
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)

  it.skipIf(skip)("10 fields set at once on one space are all kept", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await through(i, "POST", `/orgs/${acme}/custom-fields`, { name: `f${i}`, type: "number" })).status).toBe(201)
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => through(i, "PATCH", `/spaces/${space}/custom-fields`, { values: { [`f${i}`]: { value: i } } }))
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(204))
    const values = (await through(0, "GET", `/spaces/${space}/custom-fields`)).body as Array<{ customField: { name: string }; value: unknown }>
    expect(Object.fromEntries(values.map((v) => [v.customField.name, v.value]))).toEqual(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, i]))
    )
  }, 120_000)

  it.skipIf(skip)("a field deleted while spaces set it leaves no value; every answer is 204 or 400", async () => {
    expect((await through(0, "POST", `/orgs/${acme}/custom-fields`, { name: "doomed", type: "text" })).status).toBe(201)
    const spaces: Array<string> = []
    for (let i = 0; i < 6; i++) spaces.push((await world.ada.api.orgs.createSpace(acme, { title: `S${i}` })).data.id)
    const answers = await Promise.all([
      ...spaces.map((id, i) => through(i, "PATCH", `/spaces/${id}/custom-fields`, { values: { doomed: { value: "x" } } })),
      through(1, "DELETE", `/orgs/${acme}/custom-fields/doomed`)
    ])
    const deleted = answers.pop()!
    expect(deleted.status).toBe(204)
    for (const answer of answers) expect([204, 400]).toContain(answer.status)
    for (const id of spaces) {
      const values = (await through(0, "GET", `/spaces/${id}/custom-fields`)).body as Array<{ customField: { name: string } }>
      expect(values.map((v) => v.customField.name)).not.toContain("doomed")
    }
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)
})
