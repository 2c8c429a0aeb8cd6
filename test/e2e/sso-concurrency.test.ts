import { afterEach, describe, expect, it } from "vitest"
import { takeSpecViolations } from "./support/fixtures.js"
import { raceBackends, twoServers } from "./support/twoServers.js"
import { type AssertionOptions, authnRequestOf, makeIdp, signedResponse } from "../support/samlIdp.js"

/**
 * SAML sign-ins at once through two `quire serve` processes behind one public URL, on SQLite
 * and Postgres: a response admits once however many posts carry it, one new e-mail signing in
 * several times at once makes one user and one member, and a hand-off code gives one token.
 */
const PUBLIC_URL = "https://quire.test"

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe.each(raceBackends)("SAML sign-in on $name, two server processes", (backend) => {
  const world = twoServers(backend, { PUBLIC_URL })

  const setUp = async () => {
    const idp = await makeIdp()
    const provider = (
      await world.through(0).orgs.createOrganizationSamlProvider(world.acme, {
        label: "Race",
        entityID: idp.entityID,
        ssoURL: "https://idp.test/sso",
        certificate: idp.certificate
      })
    ).data
    /** A path of Quire's, on the `i`-th request's process. */
    const on = (i: number, path: string) => `${world.servers[i % 2]!.url}/v1${path}`
    const start = async (i: number) => {
      const response = await fetch(on(i, `/saml/${provider.id}/start`), { redirect: "manual" })
      expect(response.status).toBe(302)
      return authnRequestOf(response.headers.get("location")!).id
    }
    const options = (inResponseTo: string, email: string): AssertionOptions => ({
      idp,
      audience: provider.service.entityID,
      recipient: provider.service.acsURL,
      inResponseTo,
      email
    })
    const post = (i: number, samlResponse: string) =>
      fetch(on(i, `/saml/${provider.id}/acs`), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ SAMLResponse: samlResponse }).toString()
      })
    const exchange = (i: number, code: string) =>
      fetch(on(i, "/sso/token"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) })
    return { start, options, post, exchange }
  }

  const members = async () =>
    (await world.through(0).orgs.listMembersInOrganizationById(world.acme, { limit: 1000 })).data.items.map((m) => m.user.email)

  it.skipIf(world.skip)("one response posted six times at once admits once", async () => {
    const { start, options, post } = await setUp()
    const response = signedResponse(options(await start(0), "once@race.test"))
    const statuses = (await Promise.all([0, 1, 2, 3, 4, 5].map((i) => post(i, response)))).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401, 401])
    expect((await members()).filter((email) => email === "once@race.test")).toHaveLength(1)
  })

  it.skipIf(world.skip)("one new e-mail signing in four times at once makes one user and one member", async () => {
    const { start, options, post, exchange } = await setUp()
    const requests = await Promise.all([0, 1, 2, 3].map(start))
    const answers = await Promise.all(requests.map((id, i) => post(i + 1, signedResponse(options(id, "many@race.test")))))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const codes = await Promise.all(answers.map(async (a) => ((await a.json()) as { code: string }).code))
    const tokens = await Promise.all(codes.map(async (code, i) => (await (await exchange(i, code)).json()) as any))
    expect(new Set(tokens.map((t) => t.user.id)).size).toBe(1)
    expect((await members()).filter((email) => email === "many@race.test")).toHaveLength(1)
  })

  it.skipIf(world.skip)("a code exchanged four times at once gives one token", async () => {
    const { start, options, post, exchange } = await setUp()
    const answer = await post(0, signedResponse(options(await start(1), "code@race.test")))
    const { code } = (await answer.json()) as { code: string }
    const statuses = (await Promise.all([0, 1, 2, 3].map((i) => exchange(i, code)))).map((r) => r.status)
    expect(statuses.sort()).toEqual([201, 401, 401, 401])
  })
})
