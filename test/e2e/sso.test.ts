import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { exercised, gitbook } from "./support/client.js"
import { expectFailure, joinWithRole, makeUsers, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"
import {
  type AssertionOptions,
  authnRequestOf,
  makeIdp,
  signedResponse,
  type TestIdp,
  wrappedResponse
} from "../support/samlIdp.js"

/**
 * SAML single sign-on through the official client (the provider operations) and a browser's
 * steps (start, the identity provider's POST to the ACS, the hand-off): an identity provider
 * made in the test signs a user in; each forgery is refused and admits nobody.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let eve: Principal
let organization: string
let team: string
let idp: TestIdp
/** A member of Acme for each role below admin, and a guest. */
let roles: ReadonlyArray<Principal>
let carol: Principal

beforeAll(async () => {
  server = await startServer({ env: { SSO_RETURN_ORIGINS: "https://app.test, http://localhost:8080" } })
  ;[ada, bob] = await makeUsers(server, "acme.test", ["Ada", "Bob"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  organization = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  const invite = (await ada.api.orgs.createOrganizationInvite(organization, { role: MemberRole.Edit })).data.id
  await bob.api.orgs.joinOrganizationWithInvite(organization, invite)
  team = (await ada.api.orgs.createOrganizationTeam(organization, { title: "Single sign-on" })).data.id
  idp = await makeIdp()
  roles = await makeUsers(server, "roles.test", ["Creator", "Reviewer", "Editor", "Commenter", "Reader", "Guest"])
  ;[carol] = await makeUsers(server, "carol.test", ["Carol"])
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const createProvider = async (overrides: Record<string, unknown> = {}) =>
  (
    await ada.api.orgs.createOrganizationSamlProvider(organization, {
      label: "Test IdP",
      entityID: idp.entityID,
      ssoURL: "https://idp.test/sso",
      certificate: idp.certificate,
      defaultTeam: team,
      defaultRole: MemberRole.Comment,
      ...overrides
    } as any)
  ).data

/** A browser's first step: the start URL redirects to the identity provider with an AuthnRequest. */
const start = async (startURL: string, returnTo?: string) => {
  const url = returnTo === undefined ? startURL : `${startURL}?returnTo=${encodeURIComponent(returnTo)}`
  const response = await fetch(url, { redirect: "manual" })
  expect(response.status).toBe(302)
  return authnRequestOf(response.headers.get("location")!)
}

/** The identity provider's POST to the ACS (HTTP-POST binding), as a browser sends the form. */
const post = (acsURL: string, samlResponse: string) =>
  fetch(acsURL, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: "" }).toString()
  })

const exchange = async (code: string) => {
  const response = await fetch(`${server.url}/v1/sso/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code })
  })
  return { status: response.status, body: (await response.json()) as any }
}

const optionsFor = (provider: { service: { acsURL: string; entityID: string } }, inResponseTo: string, email: string): AssertionOptions => ({
  idp,
  audience: provider.service.entityID,
  recipient: provider.service.acsURL,
  inResponseTo,
  email,
  displayName: "Sam Single"
})

describe("SAML providers", () => {
  it("an admin creates, reads, lists, updates and deletes a provider; `service` is under PUBLIC_URL", async () => {
    const provider = await createProvider()
    expect(provider).toMatchObject({
      object: "saml-provider",
      label: "Test IdP",
      entityID: idp.entityID,
      status: "active",
      defaultRole: "comment",
      defaultTeam: { id: team, object: "team" },
      service: {
        acsURL: `${server.url}/v1/saml/${provider.id}/acs`,
        startURL: `${server.url}/v1/saml/${provider.id}/start`,
        entityID: `${server.url}/v1/saml/${provider.id}/metadata`
      }
    })
    expect((await ada.api.orgs.getOrganizationSamlProviderById(organization, provider.id)).data).toEqual(provider)
    const listed = (await ada.api.orgs.listSamlProvidersInOrganizationById(organization)).data.items
    expect(listed.map((p) => p.id)).toContain(provider.id)
    const renamed = (await ada.api.orgs.updateOrganizationSamlProvider(organization, provider.id, { label: "Renamed", defaultRole: null } as any)).data
    expect(renamed).toMatchObject({ label: "Renamed", defaultRole: null, entityID: idp.entityID })
    const logins = (await bob.api.orgs.listSsoProviderLoginsInOrganization(organization)).data.items
    expect(logins).toContainEqual({ id: provider.id, label: "Renamed", startURL: provider.service.startURL })
    expect((await ada.api.orgs.deleteOrganizationSamlProvider(organization, provider.id)).status).toBe(205)
    expect((await ada.api.orgs.deleteOrganizationSamlProvider(organization, provider.id)).status).toBe(204)
    await expectFailure(ada.api.orgs.getOrganizationSamlProviderById(organization, provider.id), 404)
  })

  it("a provider with only a label is pending and is not a way in", async () => {
    const pending = (await ada.api.orgs.createOrganizationSamlProvider(organization, { label: "Later" })).data as any
    expect(pending.status).toBe("pending")
    const logins = (await ada.api.orgs.listSsoProviderLoginsInOrganization(organization)).data.items
    expect(logins.map((l) => l.id)).not.toContain(pending.id)
    expect((await fetch(pending.service.startURL, { redirect: "manual" })).status).toBe(404)
    expect(pending.ssoURL).toBe("")
  })

  it("refuses bad input with 400 naming the field, writing nothing", async () => {
    const before = (await ada.api.orgs.listSamlProvidersInOrganizationById(organization)).data.count
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ label: "" }, "label"],
      [{ label: "x".repeat(31) }, "label"],
      [{ label: "ok", entityID: "e".repeat(1025) }, "entityID"],
      [{ label: "ok", certificate: "c".repeat(10_001) }, "certificate"],
      [{ label: "ok", certificate: "not a certificate" }, "certificate"],
      [{ label: "ok", ssoURL: "ftp://idp.test/sso" }, "ssoURL"],
      [{ label: "ok", defaultTeam: "unknownTeam00000000" }, "defaultTeam"],
      [{ label: "ok", defaultRole: "owner" }, "defaultRole"]
    ]
    for (const [body, field] of cases) {
      const error = await expectFailure(ada.api.orgs.createOrganizationSamlProvider(organization, body as any), 400)
      expect(error.errorMessage).toContain(field)
    }
    const expired = await makeIdp({ notBefore: new Date("2020-01-01"), notAfter: new Date("2021-01-01") })
    const error = await expectFailure(
      ada.api.orgs.createOrganizationSamlProvider(organization, { label: "Old", certificate: expired.certificate }),
      400
    )
    expect(error.errorMessage).toMatch(/certificate.*expired/)
    expect((await ada.api.orgs.listSamlProvidersInOrganizationById(organization)).data.count).toBe(before)
  })

  it("every role below admin (and a guest) is refused each provider operation with 403, and sees the ways in", async () => {
    const provider = await createProvider({ label: "Every role" })
    const ranks = [MemberRole.Create, MemberRole.Review, MemberRole.Edit, MemberRole.Comment, MemberRole.Read, null] as const
    for (const [i, role] of ranks.entries()) {
      const who = roles[i]!
      await joinWithRole(ada, organization, who, MemberRole.Read)
      if (role !== MemberRole.Read) await ada.api.orgs.updateMemberInOrganizationById(organization, who.user.id, { role } as any)
      const refused = [
        () => who.api.orgs.listSamlProvidersInOrganizationById(organization),
        () => who.api.orgs.getOrganizationSamlProviderById(organization, provider.id),
        () => who.api.orgs.createOrganizationSamlProvider(organization, { label: "Mine" }),
        () => who.api.orgs.updateOrganizationSamlProvider(organization, provider.id, { label: "Mine" }),
        () => who.api.orgs.deleteOrganizationSamlProvider(organization, provider.id)
      ]
      for (const call of refused) await expectFailure(call(), 403)
      expect((await who.api.orgs.listSsoProviderLoginsInOrganization(organization)).data.items.map((l) => l.id)).toContain(provider.id)
    }
    expect((await ada.api.orgs.getOrganizationSamlProviderById(organization, provider.id)).data.label).toBe("Every role")
  })

  it("only admins see or change providers; members see the ways in; outsiders see nothing", async () => {
    const provider = await createProvider({ label: "Roles" })
    await expectFailure(bob.api.orgs.listSamlProvidersInOrganizationById(organization), 403)
    await expectFailure(bob.api.orgs.getOrganizationSamlProviderById(organization, provider.id), 403)
    await expectFailure(bob.api.orgs.createOrganizationSamlProvider(organization, { label: "Mine" }), 403)
    await expectFailure(bob.api.orgs.updateOrganizationSamlProvider(organization, provider.id, { label: "Mine" }), 403)
    await expectFailure(bob.api.orgs.deleteOrganizationSamlProvider(organization, provider.id), 403)
    expect((await bob.api.orgs.listSsoProviderLoginsInOrganization(organization)).status).toBe(200)
    await expectFailure(eve.api.orgs.listSamlProvidersInOrganizationById(organization), 404)
    await expectFailure(eve.api.orgs.getOrganizationSamlProviderById(organization, provider.id), 404)
    await expectFailure(eve.api.orgs.listSsoProviderLoginsInOrganization(organization), 404)
    await expectFailure(eve.api.orgs.deleteOrganizationSamlProvider(organization, provider.id), 404)
    expect((await ada.api.orgs.getOrganizationSamlProviderById(organization, provider.id)).data.label).toBe("Roles")
  })
})

describe("signing in", () => {
  it("a valid assertion signs a new user in: a member with the default role and team, marked sso, with a token", async () => {
    const provider = await createProvider({ label: "Sign in" })
    const metadata = await fetch(provider.service.entityID)
    expect(metadata.status).toBe(200)
    expect(await metadata.text()).toContain(provider.service.acsURL)

    const request = await start(provider.service.startURL)
    expect(request.destination).toBe("https://idp.test/sso")
    const answer = await post(provider.service.acsURL, signedResponse(optionsFor(provider, request.id, "sam@sso.test")))
    expect(answer.status).toBe(200)
    const handoff = (await answer.json()) as any
    expect(handoff).toMatchObject({ object: "sso-handoff", organization })

    const token = await exchange(handoff.code)
    expect(token.status).toBe(201)
    expect(token.body).toMatchObject({ object: "sso-token", organization, user: { email: "sam@sso.test", displayName: "Sam Single" } })
    const sam = gitbook(server.url, token.body.token)
    expect((await sam.user.getAuthenticatedUser()).data.email).toBe("sam@sso.test")
    const member = (await ada.api.orgs.getMemberInOrganizationById(organization, token.body.user.id)).data
    expect(member).toMatchObject({ role: "comment", sso: true, teams: 1 })
    // The code is good once.
    expect((await exchange(handoff.code)).status).toBe(401)
  })

  it("an existing member keeps its role and is marked sso; returnTo gets the code", async () => {
    const provider = await createProvider({ label: "Existing", defaultRole: MemberRole.Read })
    const returnTo = `${server.url}/signed-in?next=%2Fhome`
    const request = await start(provider.service.startURL, returnTo)
    const answer = await post(provider.service.acsURL, signedResponse(optionsFor(provider, request.id, bob.user.email.toUpperCase())))
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/signed-in`)
    expect(location.searchParams.get("next")).toBe("/home")
    const token = await exchange(location.searchParams.get("code")!)
    expect(token.body.user.id).toBe(bob.user.id)
    const member = (await ada.api.orgs.getMemberInOrganizationById(organization, bob.user.id)).data
    expect(member).toMatchObject({ role: "edit", sso: true })
  })

  it("a returnTo outside PUBLIC_URL and SSO_RETURN_ORIGINS is 400 naming it", async () => {
    const provider = await createProvider({ label: "Return" })
    const allowed = await fetch(`${provider.service.startURL}?returnTo=${encodeURIComponent("https://app.test/back")}`, {
      redirect: "manual"
    })
    expect(allowed.status).toBe(302)
    const response = await fetch(`${provider.service.startURL}?returnTo=${encodeURIComponent("https://evil.test/steal")}`, {
      redirect: "manual"
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).error.message).toContain("returnTo")
  })

  describe("each forgery is refused (401) and admits nobody", () => {
    const refusedCase = (name: string, forge: (provider: any, requestId: string) => Promise<string> | string, email: string) =>
      it(name, async () => {
        const provider = await createProvider({ label: name.slice(0, 30) })
        const request = await start(provider.service.startURL)
        const answer = await post(provider.service.acsURL, await forge(provider, request.id))
        expect(answer.status).toBe(401)
        expect(((await answer.json()) as any).error.message).toMatch(/SAML response was refused/)
        const members = (await ada.api.orgs.listMembersInOrganizationById(organization, { limit: 1000 })).data.items
        expect(members.map((m) => m.user.email)).not.toContain(email)
      })

    refusedCase("wrong signature", async (provider, id) => {
      const other = await makeIdp()
      return signedResponse({ ...optionsFor(provider, id, "forged1@sso.test"), signingKey: other.privateKey })
    }, "forged1@sso.test")
    refusedCase("signature wrapping", (provider, id) => wrappedResponse(optionsFor(provider, id, "genuine@sso.test"), "forged2@sso.test"), "forged2@sso.test")
    refusedCase("expired", (provider, id) =>
      signedResponse({
        ...optionsFor(provider, id, "forged3@sso.test"),
        notBefore: new Date(Date.now() - 60 * 60_000),
        notOnOrAfter: new Date(Date.now() - 30 * 60_000)
      }), "forged3@sso.test")
    refusedCase("wrong audience", (provider, id) =>
      signedResponse({ ...optionsFor(provider, id, "forged4@sso.test"), audience: "https://other.test/sp" }), "forged4@sso.test")
    refusedCase("wrong recipient", (provider, id) =>
      signedResponse({ ...optionsFor(provider, id, "forged5@sso.test"), recipient: "https://other.test/acs" }), "forged5@sso.test")
    refusedCase("an unknown request", (provider) =>
      signedResponse(optionsFor(provider, "_neverAsked", "forged6@sso.test")), "forged6@sso.test")
    refusedCase("another issuer", async (provider, id) => {
      const other = await makeIdp({ entityID: "https://other-idp.test" })
      return signedResponse({ ...optionsFor(provider, id, "forged7@sso.test"), idp: { ...idp, entityID: other.entityID } })
    }, "forged7@sso.test")
  })

  it("a replayed response is refused: each request answers once", async () => {
    const provider = await createProvider({ label: "Replay" })
    const request = await start(provider.service.startURL)
    const response = signedResponse(optionsFor(provider, request.id, "once@sso.test"))
    expect((await post(provider.service.acsURL, response)).status).toBe(200)
    const again = await post(provider.service.acsURL, response)
    expect(again.status).toBe(401)
    expect(((await again.json()) as any).error.message).toMatch(/no pending request/)
  })

  it("two posts of one response at once admit it once", async () => {
    const provider = await createProvider({ label: "Race" })
    const request = await start(provider.service.startURL)
    const response = signedResponse(optionsFor(provider, request.id, "race@sso.test"))
    const statuses = (await Promise.all([post(provider.service.acsURL, response), post(provider.service.acsURL, response)])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 401])
  })

  it("the ACS takes only a form: JSON is 415, a missing SAMLResponse is 400", async () => {
    const provider = await createProvider({ label: "Form" })
    const json = await fetch(provider.service.acsURL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ SAMLResponse: "x" })
    })
    expect(json.status).toBe(415)
    const empty = await fetch(provider.service.acsURL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "RelayState=x"
    })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as any).error.message).toContain("SAMLResponse")
    const garbage = await post(provider.service.acsURL, "bm90IHhtbA==")
    expect(garbage.status).toBe(401)
  })
})

it("exercises every SSO operation", () => {
  for (const operation of operationsByArea.sso) expect(exercised.has(operation), operation).toBe(true)
})

describe("the organization's sso flag", () => {
  it("turns on only with an active provider; then new members come in through SSO, not invite links", async () => {
    const other = (await ada.api.orgs.createOrganization({ title: "Enforced" })).data.id
    const error = await expectFailure(ada.api.orgs.updateOrganizationById(other, { sso: true }), 400)
    expect(error.errorMessage).toContain("sso")
    expect((await ada.api.orgs.getOrganizationById(other)).data.sso).toBe(false)
    await ada.api.orgs.createOrganizationSamlProvider(other, {
      label: "Enforced",
      entityID: idp.entityID,
      ssoURL: "https://idp.test/sso",
      certificate: idp.certificate
    })
    expect((await ada.api.orgs.updateOrganizationById(other, { sso: true })).data.sso).toBe(true)
    const invite = (await ada.api.orgs.createOrganizationInvite(other, { role: MemberRole.Read })).data.id
    await expectFailure(carol.api.orgs.joinOrganizationWithInvite(other, invite), 403, /single sign-on/)
    await expectFailure(carol.api.orgs.getOrganizationById(other), 404)
  })
})
