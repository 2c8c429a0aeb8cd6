import { afterEach, describe, expect, it } from "vitest"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, statusOf, twoServers } from "./support/twoServers.js"

/**
 * Integrations written at once through two `quire serve` processes on one database, on SQLite
 * and Postgres: publishes of one name all land, each as its own version; installs of one
 * integration on one organization leave one installation; enabling it on one space at once
 * leaves it on the space once. No request fails with a 5xx.
 */
afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const publishBody = (organization: string, title: string) =>
  ({ title, description: "Raced", script: "export default {}", organization, scopes: [], visibility: "private" }) as any

describe.each(raceBackends)("integrations on $name, two server processes", (backend) => {
  const world = twoServers(backend)

  it.skipIf(world.skip)("eight publishes of one name at once: every one lands, as versions 1 to 8", async () => {
    const name = `raced-${backend.name.toLowerCase()}`
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => world.through(i).integrations.publishIntegration(name, publishBody(world.acme, `Raced ${i}`)))
    )
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 201)).toBe(true)
    expect(answers.map((a) => a.data.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect((await world.through(0).integrations.getIntegrationByName(name)).data.version).toBe(8)
  })

  it.skipIf(world.skip)("installing one integration on one organization six times at once leaves one installation", async () => {
    const name = `installed-${backend.name.toLowerCase()}`
    await world.through(0).integrations.publishIntegration(name, publishBody(world.acme, "Installed"))
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => statusOf(world.through(i).integrations.installIntegration(name, { organization: world.acme })))
    )
    expect(statuses.every((s) => s < 500)).toBe(true)
    const installations = (await world.through(0).integrations.listIntegrationInstallations(name)).data.items
    expect(installations).toHaveLength(1)

    const space = (await world.through(0).orgs.createSpace(world.acme, { title: "Raced" })).data.id
    const installation = installations[0]!.id
    const onSpace = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        statusOf(world.through(i).integrations.installIntegrationOnSpace(name, installation, { space }))
      )
    )
    expect(onSpace.every((s) => s < 500)).toBe(true)
    const spaces = (await world.through(1).integrations.listIntegrationInstallationSpaces(name, installation)).data.items
    expect(spaces.map((s: any) => s.space)).toEqual([space])
  })
})
