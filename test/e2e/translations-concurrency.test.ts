import { beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, twoServers } from "./support/twoServers.js"

const LANGUAGES = ["fr", "de", "ja", "pt-BR", "zh-Hant", "es", "it", "nl", "ko", "sv"]

/**
 * Translation settings written at once through two `quire serve` processes on one database, on
 * SQLite and on Postgres: every create is kept, concurrent replacements leave one whole body
 * (never the title of one and the languages of another), and a delete racing replacements
 * leaves nothing behind. No request fails with a 5xx.
 */
describe.each(raceBackends)("translations on $name, two server processes", (backend) => {
  const world = twoServers(backend)
  const skip = world.skip
  let acme: string

  /** The `i`-th request, through one process or the other. */
  const through = (i: number, method: string, path: string, body?: unknown) =>
    rawCall(world.servers[i % 2]!.url, world.ada.token, method, path, body)

  beforeAll(() => {
    acme = world.acme
  })

  it.skipIf(skip)("20 creates at once: 20 settings, each listed once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => through(i, "POST", `/orgs/${acme}/translations`, { title: `Created ${i}`, languages: [LANGUAGES[i % 10]] }))
    )
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201))
    const ids = new Set(answers.map((a) => a.body.id as string))
    expect(ids.size).toBe(20)
    const listed = await through(0, "GET", `/orgs/${acme}/translations?limit=1000`)
    const created = (listed.body.items as Array<{ id: string; title: string }>).filter((t) => ids.has(t.id))
    expect(created.map((t) => t.title).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Created ${i}`).sort())
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)

  it.skipIf(skip)("10 replacements of one at once: all 200, one body whole", async () => {
    const id = (await through(0, "POST", `/orgs/${acme}/translations`, { title: "Contested" })).body.id as string
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => through(i, "PUT", `/orgs/${acme}/translations/${id}`, { title: `Body ${i}`, languages: [LANGUAGES[i]] }))
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const final = (await through(1, "GET", `/orgs/${acme}/translations/${id}`)).body as { title: string; languages: Array<string> }
    const i = Number(final.title.replace("Body ", ""))
    expect(final.languages).toEqual([LANGUAGES[i]])
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)

  it.skipIf(skip)("a delete racing 8 replacements: 205 once, the rest 200 or 404, then gone", async () => {
    const id = (await through(0, "POST", `/orgs/${acme}/translations`, { title: "Doomed" })).body.id as string
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => through(i, "PUT", `/orgs/${acme}/translations/${id}`, { title: `Late ${i}` })),
      through(1, "DELETE", `/orgs/${acme}/translations/${id}`)
    ])
    expect(answers.pop()!.status).toBe(205)
    for (const answer of answers) expect([200, 404]).toContain(answer.status)
    expect((await through(0, "GET", `/orgs/${acme}/translations/${id}`)).status).toBe(404)
    const listed = await through(1, "GET", `/orgs/${acme}/translations?limit=1000`)
    expect((listed.body.items as Array<{ id: string }>).map((t) => t.id)).not.toContain(id)
    expect(takeSpecViolations()).toEqual([])
  }, 120_000)
})
