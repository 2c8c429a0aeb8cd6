import { signVisitorToken, makeVisitorKey } from "@quire/core"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeAcme, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"
import { shareKeyOf, visitorKeyOf } from "./support/siteSecrets.js"

/**
 * Docs sites through the official client: a site's whole life (sections, site spaces, section
 * groups, share links, the adaptive schema and conditions, publishing), what bad input is
 * refused with, who may do what, and the published site as members, outsiders and visitors
 * with a visitor token read it. ada administers Acme, carl reads in it, eve is outside.
 */
let server: RunningServer
let dir: string
let database: string
let ada: Principal
let carl: Principal
let eve: Principal
let acme: string
let guides: string
let api: string
let foreignSpace: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "quire-sites-"))
  database = join(dir, "quire.db")
  server = await startServer({ databaseUrl: `sqlite:${database}` })
  ;({ ada, carl, eve, acme } = await makeAcme(server))
  guides = (await ada.api.orgs.createSpace(acme, { title: "Guides" })).data.id
  api = (await ada.api.orgs.createSpace(acme, { title: "API" })).data.id
  const elsewhere = (await eve.api.orgs.createOrganization({ title: "Elsewhere" })).data.id
  foreignSpace = (await eve.api.orgs.createSpace(elsewhere, { title: "Foreign" })).data.id
})

afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})



/** `alg: none`: a token with no signature. */
const unsignedToken = (siteId: string) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "none", typ: "JWT" })}.${part({ aud: siteId, exp: Math.floor(Date.now() / 1000) + 600, beta: true })}.`
}

/** `getPublishedContentSite` as `who`, with a share key and a visitor token. */
const published = (who: Principal, siteId: string, options: { shareKey?: string; visitorToken?: string } = {}) =>
  rawCall(server.url, who.token, "GET", `/orgs/${acme}/sites/${siteId}/published${options.shareKey ? `?shareKey=${options.shareKey}` : ""}`).then(
    async (first) =>
      options.visitorToken === undefined
        ? first
        : fetch(`${server.url}/v1/orgs/${acme}/sites/${siteId}/published${options.shareKey ? `?shareKey=${options.shareKey}` : ""}`, {
            headers: { authorization: `Bearer ${who.token}`, "x-quire-visitor-token": options.visitorToken }
          }).then(async (r) => ({ status: r.status, body: r.status === 204 ? undefined : await r.json() }))
  )

/** Section titles of a structure, in order, groups' sections within. */
const titlesOf = (structure: any): ReadonlyArray<string> =>
  structure.type === "sections"
    ? structure.structure.flatMap((item: any) => (item.object === "site-section-group" ? [`[${item.title}]`, ...titlesOf({ type: "sections", structure: item.children })] : [item.title]))
    : structure.structure.map((s: any) => s.title)

describe("a site's life", () => {
  let site: string
  let rootSiteSpace: string
  let defaultSection: string
  let apiSection: string

  it("creates a site with spaces, gets it and lists it with each filter", async () => {
    const created = await ada.api.orgs.createSite(acme, { title: "Docs", spaces: [guides] } as any)
    expect(created.status).toBe(201)
    expect(created.headers.get("location")).toBe(created.data.urls.location)
    site = created.data.id
    expect(created.data).toMatchObject({ object: "site", title: "Docs", published: false, siteSpaces: 1, visibility: "public" })
    expect((await ada.api.orgs.getSiteById(acme, site)).data.title).toBe("Docs")
    const other = (await ada.api.orgs.createSite(acme, { title: "Handbook" })).data.id
    const titles = async (query: Record<string, unknown>) =>
      (await ada.api.orgs.listSites(acme, query as any)).data.items.map((s) => s.title).sort()
    expect(await titles({})).toEqual(["Docs", "Handbook"])
    expect(await titles({ title: "Hand" })).toEqual(["Handbook"])
    expect(await titles({ space: guides })).toEqual(["Docs"])
    expect(await titles({ published: false })).toEqual(["Docs", "Handbook"])
    expect(await titles({ published: true })).toEqual([])
    const bad = await rawCall(server.url, ada.token, "GET", `/orgs/${acme}/sites?published=yes`)
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toMatch(/published/)
    expect((await ada.api.orgs.deleteSiteById(acme, other)).status).toBe(205)
    await expectFailure(ada.api.orgs.getSiteById(acme, other), 404)
  })

  it("updates the title, visibility, basename and proxy; bad values are refused naming the field", async () => {
    const updated = await ada.api.orgs.updateSiteById(acme, site, { title: "Docs!", visibility: "share-link", basename: "docs-home", proxy: "acme.test/docs" } as any)
    expect(updated.data).toMatchObject({ title: "Docs!", visibility: "share-link", basename: "docs-home", proxy: { origin: "acme.test/docs" } })
    await expectFailure(ada.api.orgs.updateSiteById(acme, site, { proxy: "https://acme.test" } as any), 400, /proxy/)
    await expectFailure(ada.api.orgs.updateSiteById(acme, site, { basename: "a/b" } as any), 400, /basename/)
    expect((await ada.api.orgs.getSiteById(acme, site)).data).toMatchObject({ title: "Docs!", basename: "docs-home" })
    await ada.api.orgs.updateSiteById(acme, site, { visibility: "public" } as any)
  })

  it("adds sections: the first moves the root site spaces into a default section", async () => {
    const before = (await ada.api.orgs.listSiteSpaces(acme, site)).data.items
    expect(before.map((s) => s.space.id)).toEqual([guides])
    rootSiteSpace = before[0]!.id
    const added = await ada.api.orgs.addSectionToSite(acme, site, { spaceId: api, title: "API" } as any)
    expect(added.status).toBe(201)
    apiSection = added.data.id
    const sections = (await ada.api.orgs.listSiteSections(acme, site)).data.items
    expect(sections.map((s) => s.title)).toHaveLength(2)
    const first = sections.find((s) => s.id !== apiSection)!
    defaultSection = first.id
    expect(first).toMatchObject({ default: true })
    expect(first.siteSpaces.map((s) => s.id)).toEqual([rootSiteSpace])
    expect((await ada.api.orgs.getSiteStructure(acme, site)).data.type).toBe("sections")
  })

  it("refuses bad sections and site spaces, writing nothing", async () => {
    await expectFailure(ada.api.orgs.addSectionToSite(acme, site, { spaceId: api, title: "x".repeat(65) } as any), 400, /title/)
    await expectFailure(ada.api.orgs.addSectionToSite(acme, site, { spaceId: foreignSpace } as any), 400, /spaceId/)
    await expectFailure(ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { path: "a/b" }), 400, /path/)
    await expectFailure(ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { path: "p".repeat(101) }), 400, /path/)
    await expectFailure(ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { condition: "visitor.claims.(" } as any), 400, /condition/)
    expect((await ada.api.orgs.listSiteSections(acme, site)).data.items).toHaveLength(2)
  })

  it("updates, moves and deletes sections; the default is promoted", async () => {
    const updated = await ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { title: "Reference", path: "reference" })
    expect(updated.data).toMatchObject({ title: "Reference", path: "reference" })
    const moved = await ada.api.orgs.moveSiteSection(acme, site, apiSection, { position: { before: { type: "site-section", siteSection: defaultSection } } } as any)
    expect(moved.status).toBe(200)
    expect((await ada.api.orgs.listSiteSections(acme, site)).data.items.map((s) => s.id)).toEqual([apiSection, defaultSection])
    const toEnd = await rawCall(server.url, ada.token, "POST", `/orgs/${acme}/sites/${site}/sections/${apiSection}/move`)
    expect(toEnd.status).toBe(200)
    expect((await ada.api.orgs.listSiteSections(acme, site)).data.items.map((s) => s.id)).toEqual([defaultSection, apiSection])
    const site2 = (await ada.api.orgs.createSite(acme, { title: "Scratch", spaces: [guides] } as any)).data.id
    const scratch = (await ada.api.orgs.addSectionToSite(acme, site2, { spaceId: api } as any)).data.id
    const firstOf2 = (await ada.api.orgs.listSiteSections(acme, site2)).data.items.find((s) => s.id !== scratch)!.id
    expect((await ada.api.orgs.deleteSiteSectionById(acme, site2, firstOf2)).status).toBe(205)
    expect((await ada.api.orgs.deleteSiteSectionById(acme, site2, firstOf2)).status).toBe(204)
    const left = (await ada.api.orgs.listSiteSections(acme, site2)).data.items
    expect(left.map((s) => [s.id, s.default])).toEqual([[scratch, true]])
    await ada.api.orgs.deleteSiteById(acme, site2)
  })

  it("site spaces: add, list by default, update, move, delete; the last of a section is kept", async () => {
    const added = await ada.api.orgs.addSpaceToSite(acme, site, { spaceId: api, sectionId: defaultSection } as any)
    expect(added.status).toBe(201)
    const variant = added.data.id
    const all = (await ada.api.orgs.listSiteSpaces(acme, site)).data.items.map((s) => s.id)
    expect(all).toContain(variant)
    const defaults = (await ada.api.orgs.listSiteSpaces(acme, site, { default: true })).data.items
    expect(defaults.map((s) => s.id)).toEqual([rootSiteSpace])
    const others = (await ada.api.orgs.listSiteSpaces(acme, site, { default: false })).data.items.map((s) => s.id)
    expect(others).not.toContain(rootSiteSpace)
    expect(others).toContain(variant)
    expect((await rawCall(server.url, ada.token, "GET", `/orgs/${acme}/sites/${site}/site-spaces?default=maybe`)).body.error.message).toMatch(/default/)
    const updated = await ada.api.orgs.updateSiteSpaceById(acme, site, variant, { path: "v2", condition: null } as any)
    expect(updated.data.path).toBe("v2")
    const moved = await ada.api.orgs.moveSiteSpace(acme, site, variant, { position: { before: { type: "site-space", siteSpace: rootSiteSpace } } } as any)
    expect(moved.status).toBe(200)
    const section = (await ada.api.orgs.listSiteSections(acme, site)).data.items.find((s) => s.id === defaultSection)!
    expect(section.siteSpaces.map((s) => s.id)).toEqual([variant, rootSiteSpace])
    await ada.api.orgs.updateSiteById(acme, site, { defaultSiteSection: defaultSection, defaultSiteSpace: variant } as any)
    expect((await ada.api.orgs.listSiteSpaces(acme, site, { default: true })).data.items.map((s) => s.id)).toEqual([variant])
    const otherSite = (await ada.api.orgs.createSite(acme, { title: "Other", spaces: [guides] } as any)).data.id
    const foreignSiteSpace = (await ada.api.orgs.listSiteSpaces(acme, otherSite)).data.items[0]!.id
    await expectFailure(ada.api.orgs.updateSiteById(acme, site, { defaultSiteSpace: foreignSiteSpace } as any), 400, /defaultSiteSpace/)
    await ada.api.orgs.deleteSiteById(acme, otherSite)
    expect((await ada.api.orgs.deleteSiteSpaceById(acme, site, variant)).status).toBe(205)
    expect((await ada.api.orgs.deleteSiteSpaceById(acme, site, variant)).status).toBe(204)
    await expectFailure(ada.api.orgs.deleteSiteSpaceById(acme, site, rootSiteSpace), 409)
  })

  it("section groups: add with sections, nest, update the parent, move, delete (children move up)", async () => {
    const outer = await ada.api.orgs.addSectionGroupToSite(acme, site, { title: "Outer", sections: [apiSection] } as any)
    expect(outer.status).toBe(201)
    expect(outer.data.sections.map((s) => s.id)).toEqual([apiSection])
    const inner = (await ada.api.orgs.addSectionGroupToSite(acme, site, { title: "Inner", parent: outer.data.id } as any)).data
    expect(inner.sectionGroup).toBe(outer.data.id)
    const lifted = await ada.api.orgs.updateSiteSectionGroupById(acme, site, inner.id, { parentSectionGroupId: null } as any)
    expect(lifted.data.sectionGroup).toBeUndefined()
    expect((await ada.api.orgs.listSiteSectionGroups(acme, site)).data.items.map((g) => g.title)).toEqual(["Outer", "Inner"])
    const moved = await ada.api.orgs.moveSiteSectionGroup(acme, site, inner.id, { position: { before: { type: "site-section", id: defaultSection } } } as any)
    expect(moved.status).toBe(200)
    expect(titlesOf((await ada.api.orgs.getSiteStructure(acme, site)).data)[0]).toBe("[Inner]")
    expect((await ada.api.orgs.deleteSiteSectionGroupById(acme, site, outer.data.id)).status).toBe(205)
    expect((await ada.api.orgs.deleteSiteSectionGroupById(acme, site, outer.data.id)).status).toBe(204)
    const section = (await ada.api.orgs.listSiteSections(acme, site)).data.items.find((s) => s.id === apiSection)!
    expect(section.sectionGroup).toBeUndefined()
    await ada.api.orgs.deleteSiteSectionGroupById(acme, site, inner.id)
  })

  it("share links: create, list with search, revoke, delete", async () => {
    const created = await ada.api.orgs.createSiteShareLink(acme, site, { name: "Partners" })
    expect(created.status).toBe(201)
    await ada.api.orgs.createSiteShareLink(acme, site, { name: "Press" })
    expect((await ada.api.orgs.listSiteShareLinks(acme, site, { search: "Part" })).data.items.map((l) => l.name)).toEqual(["Partners"])
    expect((await ada.api.orgs.updateSiteShareLinkById(acme, site, created.data.id, { active: false })).data.active).toBe(false)
    expect((await ada.api.orgs.deleteSiteShareLinkById(acme, site, created.data.id)).status).toBe(205)
    expect((await ada.api.orgs.deleteSiteShareLinkById(acme, site, created.data.id)).status).toBe(204)
    expect((await ada.api.orgs.listSiteShareLinks(acme, site)).data.items.map((l) => l.name)).toEqual(["Press"])
  })

  it("the adaptive schema and conditions", async () => {
    await expectFailure(ada.api.orgs.getSiteAdaptiveSchema(acme, site), 404)
    await expectFailure(
      ada.api.orgs.updateSiteAdaptiveSchema(acme, site, { jsonSchema: { type: "object", properties: { plan: { type: "string", description: "The plan" } }, additionalProperties: false } } as any),
      400,
      /jsonSchema\.properties\.plan/
    )
    const jsonSchema = { type: "object", properties: { beta: { type: "boolean", description: "A beta tester" } }, additionalProperties: false }
    expect((await ada.api.orgs.updateSiteAdaptiveSchema(acme, site, { jsonSchema } as any)).data.jsonSchema).toEqual(jsonSchema)
    expect((await ada.api.orgs.getSiteAdaptiveSchema(acme, site)).data.jsonSchema).toEqual(jsonSchema)
    await expectFailure(ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { condition: "visitor.claims.plan" } as any), 400, /condition/)
    const conditioned = await ada.api.orgs.updateSiteSectionById(acme, site, apiSection, { condition: "visitor.claims.beta" } as any)
    expect(conditioned.data.condition).toBe("visitor.claims.beta")
  })

  it("publishes and unpublishes", async () => {
    expect((await ada.api.orgs.publishSite(acme, site)).data).toMatchObject({ published: true })
    expect((await ada.api.orgs.listSites(acme, { published: true })).data.items.map((s) => s.id)).toEqual([site])
    expect((await ada.api.orgs.unpublishSite(acme, site)).data.published).toBe(false)
  })

  it("the published site: members always, outsiders as the visibility says", async () => {
    const asMember = await ada.api.orgs.getPublishedContentSite(acme, site)
    expect(asMember.data).toMatchObject({ object: "published-content-site", site: { id: site } })
    expect((await published(eve, site)).status).toBe(404)
    await ada.api.orgs.publishSite(acme, site)
    expect((await published(eve, site)).status).toBe(200)
    await ada.api.orgs.updateSiteById(acme, site, { visibility: "share-link" } as any)
    expect((await published(eve, site)).status).toBe(404)
    const link = (await ada.api.orgs.createSiteShareLink(acme, site, { name: "Eve" })).data
    const key = await shareKeyOf(database, link.id)
    expect((await published(eve, site, { shareKey: key })).status).toBe(200)
    expect((await rawCall(server.url, eve.token, "GET", `/orgs/${acme}/sites/${site}/structure?shareKey=${key}`)).status).toBe(404)
    await ada.api.orgs.updateSiteShareLinkById(acme, site, link.id, { active: false })
    expect((await published(eve, site, { shareKey: key })).status).toBe(404)
  })

  it("the published site of a visitor-auth site: a visitor token, verified, with conditions applied", async () => {
    await ada.api.orgs.updateSiteById(acme, site, { visibility: "visitor-auth" } as any)
    const key = await visitorKeyOf(database, site)
    const sign = (claims: Record<string, unknown>, options: { key?: string; siteId?: string; expiresInSeconds?: number; now?: Date } = {}) =>
      Effect.runPromise(signVisitorToken(claims, { key: options.key ?? key, siteId: options.siteId ?? site, expiresInSeconds: options.expiresInSeconds ?? 600, now: options.now }))
    const none = await published(eve, site)
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ error: { code: 401, message: expect.stringMatching(/visitor token/) } })
    const beta = await published(eve, site, { visitorToken: await sign({ beta: true }) })
    expect(beta.status).toBe(200)
    expect(titlesOf(beta.body.structure)).toContain("Reference")
    const plain = await published(eve, site, { visitorToken: await sign({ beta: false }) })
    expect(plain.status).toBe(200)
    expect(titlesOf(plain.body.structure)).not.toContain("Reference")
    expect(titlesOf(plain.body.structure)).toHaveLength(titlesOf(beta.body.structure).length - 1)
    const expired = await sign({ beta: true }, { now: new Date(Date.now() - 3_600_000), expiresInSeconds: 60 })
    expect((await published(eve, site, { visitorToken: expired })).status).toBe(401)
    expect((await published(eve, site, { visitorToken: await sign({ beta: true }, { siteId: "anotherSite000000" }) })).status).toBe(401)
    expect((await published(eve, site, { visitorToken: await sign({ beta: true }, { key: makeVisitorKey() }) })).status).toBe(401)
    const alg = await published(eve, site, { visitorToken: unsignedToken(site) })
    expect(alg.status).toBe(401)
    expect(alg.body.error.code).toBe(401)
  })

  it("who may do what: outsiders 404, readers read and get 403 on writes, hidden sites", async () => {
    await expectFailure(eve.api.orgs.getSiteById(acme, site), 404)
    await expectFailure(eve.api.orgs.listSites(acme), 404)
    await expectFailure(eve.api.orgs.listSiteSections(acme, site), 404)
    await expectFailure(eve.api.orgs.updateSiteById(acme, site, { title: "Eve's" }), 404)
    expect((await carl.api.orgs.getSiteById(acme, site)).data.id).toBe(site)
    expect((await carl.api.orgs.listSiteSections(acme, site)).data.items.length).toBeGreaterThan(0)
    await expectFailure(carl.api.orgs.updateSiteById(acme, site, { title: "Carl's" }), 403)
    await expectFailure(carl.api.orgs.addSectionToSite(acme, site, { spaceId: guides } as any), 403)
    await expectFailure(carl.api.orgs.createSiteShareLink(acme, site, { name: "Carl" }), 403)
    await expectFailure(carl.api.orgs.publishSite(acme, site), 403)
    await expectFailure(carl.api.orgs.deleteSiteById(acme, site), 403)
    const link = (await ada.api.orgs.createSiteShareLink(acme, site, { name: "Kept" })).data.id
    const group = (await ada.api.orgs.addSectionGroupToSite(acme, site, { title: "Kept" })).data.id
    const o = carl.api.orgs
    const writes = [
      () => o.unpublishSite(acme, site),
      () => o.updateSiteAdaptiveSchema(acme, site, { jsonSchema: { type: "object", properties: {}, additionalProperties: false } } as any),
      () => o.updateSiteSectionById(acme, site, apiSection, { title: "Carl's" }),
      () => o.deleteSiteSectionById(acme, site, apiSection),
      () => o.moveSiteSection(acme, site, apiSection, {}),
      () => o.addSpaceToSite(acme, site, { spaceId: guides, sectionId: apiSection } as any),
      () => o.updateSiteSpaceById(acme, site, rootSiteSpace, { path: "carl" }),
      () => o.deleteSiteSpaceById(acme, site, rootSiteSpace),
      () => o.moveSiteSpace(acme, site, rootSiteSpace, {}),
      () => o.addSectionGroupToSite(acme, site, { title: "Carl's" }),
      () => o.updateSiteSectionGroupById(acme, site, group, { title: "Carl's" }),
      () => o.deleteSiteSectionGroupById(acme, site, group),
      () => o.moveSiteSectionGroup(acme, site, group, {}),
      () => o.updateSiteShareLinkById(acme, site, link, { active: false }),
      () => o.deleteSiteShareLinkById(acme, site, link)
    ]
    for (const write of writes) await expectFailure(write(), 403)
    expect((await ada.api.orgs.listSiteShareLinks(acme, site)).data.items.find((l) => l.id === link)?.active).toBe(true)
    expect((await ada.api.orgs.listSiteSectionGroups(acme, site)).data.items.map((g) => g.title)).toEqual(["Kept"])
    await ada.api.orgs.updateSiteById(acme, site, { defaultLevel: null } as any)
    expect((await carl.api.orgs.listSites(acme)).data.items.map((s) => s.id)).not.toContain(site)
    await expectFailure(carl.api.orgs.getSiteById(acme, site), 404)
    expect((await ada.api.orgs.listSites(acme)).data.items.map((s) => s.id)).toContain(site)
  })

  it("deletes the site", async () => {
    expect((await ada.api.orgs.deleteSiteById(acme, site)).status).toBe(205)
    await expectFailure(ada.api.orgs.getSiteById(acme, site), 404)
  })
})

describe("coverage", () => {
  it("every site operation answered a success here", () => {
    expect(notExercised(operationsByArea.sites)).toEqual([])
  })
})
