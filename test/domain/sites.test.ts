/**
 * The site services on memory storage: roles (who sees and who changes a site), the structure
 * commands end to end through the services, a space that is deleted or moved out, share links,
 * visitor tokens and conditions on the published site, the adaptive schema, and the
 * organization's default site.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  Organizations,
  PublishedSites,
  SiteRepository,
  SiteShareLinks,
  Sites,
  SiteStructures,
  signVisitorToken,
  Spaces,
  type SiteId
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { as, contentLayer, expectInvalid, expectTag, newWorld } from "../support/content.js"

const layer = Layer.mergeAll(Sites.Default, SiteStructures.Default, SiteShareLinks.Default, PublishedSites.Default).pipe(
  Layer.provideMerge(contentLayer)
)
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const SCHEMA = {
  type: "object",
  properties: {
    isBeta: { type: "boolean", description: "In the beta" },
    unsigned: { type: "object", properties: { optIn: { type: "boolean", description: "Opted in" } }, additionalProperties: false }
  },
  additionalProperties: false
}

/** A world with two spaces and a site publishing the first. */
const withSite = Effect.gen(function* () {
  const w = yield* newWorld
  const spaces = yield* Spaces
  const sites = yield* Sites
  const guide = yield* as(w.admin)(spaces.create(w.org, { title: "Guide" }))
  const api = yield* as(w.admin)(spaces.create(w.org, { title: "API" }))
  const site = yield* as(w.admin)(sites.create(w.org, { title: "Acme Docs", spaces: [guide.id] }))
  return { w, guide, api, site }
})

const visitorKeyOf = (id: SiteId) =>
  Effect.map(Effect.flatMap(SiteRepository, (r) => r.findById(id)), (s) => Option.getOrThrow(s).visitorKey)

describe("Sites", () => {
  test("a new site: a free basename, its spaces at the root, unpublished, counted", () =>
    Effect.gen(function* () {
      const { w, site } = yield* withSite
      const sites = yield* Sites
      expect(site).toMatchObject({ title: "Acme Docs", basename: "acme-docs", published: false, siteSpaces: 1, visibility: "public" })
      expect(site.urls.published).toBeUndefined()
      const twin = yield* as(w.admin)(sites.create(w.org, { title: "Acme Docs" }))
      expect(twin.basename).toBe("acme-docs-2")
      const structure = yield* as(w.reader)((yield* SiteStructures).structure(w.org, site.id))
      expect(structure.type).toBe("siteSpaces")
      expect(structure.structure).toHaveLength(1)
    }))

  test("published addresses: under PUBLIC_URL, or the organization's hostname as a subdomain of it; sections and site spaces below", () =>
    Effect.gen(function* () {
      const { w, site, api } = yield* withSite
      const sites = yield* Sites
      const structures = yield* SiteStructures
      yield* as(w.admin)(structures.addSection(w.org, site.id, { spaceId: api.id }))
      const published = yield* as(w.admin)(sites.publish(w.org, site.id))
      expect(published.urls.published).toBe(`http://quire.test/sites/${w.org}/acme-docs`)
      yield* as(w.admin)((yield* Organizations).update(w.org, { hostname: "acme" }))
      expect((yield* as(w.admin)(sites.get(w.org, site.id))).urls.published).toBe("http://acme.quire.test/acme-docs")
      const [first, second] = (yield* as(w.admin)(structures.listSections(w.org, site.id, {}))).items
      expect(first!.urls.published).toBe("http://acme.quire.test/acme-docs")
      expect(second!.urls.published).toBe("http://acme.quire.test/acme-docs/api")
      expect(second!.siteSpaces[0]!.urls.published).toBe("http://acme.quire.test/acme-docs/api")
      const proxied = yield* as(w.admin)(sites.update(w.org, site.id, { proxy: "acme.com/docs" }))
      expect(proxied.proxy).toStrictEqual({ origin: "acme.com/docs", target: "http://acme.quire.test/acme-docs" })
      expect(proxied.urls.published).toBe("https://acme.com/docs")
      const proxiedSections = (yield* as(w.admin)(structures.listSections(w.org, site.id, {}))).items
      expect(proxiedSections.map((x) => x.urls.published)).toStrictEqual(["https://acme.com/docs", "https://acme.com/docs/api"])
    }))

  test("roles: readers see, creators shape the structure, admins change settings; guests and outsiders see nothing", () =>
    Effect.gen(function* () {
      const { w, site, api } = yield* withSite
      const sites = yield* Sites
      const structures = yield* SiteStructures
      expect((yield* as(w.reader)(sites.get(w.org, site.id))).permissions).toMatchObject({ view: true, create: false, admin: false })
      yield* expectTag(as(w.reader)(structures.addSiteSpace(w.org, site.id, { spaceId: api.id })), "Forbidden")
      yield* expectTag(as(w.creator)(sites.update(w.org, site.id, { title: "Renamed" })), "Forbidden")
      yield* expectTag(as(w.creator)(sites.publish(w.org, site.id)), "Forbidden")
      expect((yield* as(w.creator)(structures.addSiteSpace(w.org, site.id, { spaceId: api.id }))).space.id).toBe(api.id)
      yield* expectTag(as(w.guest)(sites.get(w.org, site.id)), "NotFound")
      yield* expectTag(as(w.outsider)(sites.get(w.org, site.id)), "NotFound")
      expect((yield* as(w.guest)(sites.list(w.org, {}, {}))).items).toHaveLength(0)
      yield* as(w.admin)(sites.update(w.org, site.id, { defaultLevel: null }))
      yield* expectTag(as(w.reader)(sites.get(w.org, site.id)), "NotFound")
      expect((yield* as(w.reader)(sites.list(w.org, {}, {}))).count).toBe(0)
      expect((yield* as(w.admin)(sites.list(w.org, {}, {}))).count).toBe(1)
    }))

  test("bad input is refused naming the field, and writes nothing", () =>
    Effect.gen(function* () {
      const { w, site, api } = yield* withSite
      const sites = yield* Sites
      const structures = yield* SiteStructures
      const other = yield* newWorld
      const foreign = yield* as(other.admin)((yield* Spaces).create(other.org, { title: "Theirs" }))
      yield* expectInvalid(as(w.admin)(structures.addSiteSpace(w.org, site.id, { spaceId: foreign.id })), "spaceId")
      yield* expectInvalid(as(w.admin)(structures.addSection(w.org, site.id, { spaceId: api.id, title: "x".repeat(65) })), "title")
      yield* expectInvalid(as(w.admin)(sites.update(w.org, site.id, { proxy: "https://acme.com/docs" })), "proxy")
      yield* expectInvalid(as(w.admin)(sites.update(w.org, site.id, { basename: "a/b" })), "basename")
      yield* expectInvalid(as(w.admin)(sites.update(w.org, site.id, { defaultSiteSpace: "nope" })), "defaultSiteSpace")
      const siteSpace = (yield* as(w.admin)(structures.listSiteSpaces(w.org, site.id, {}, {}))).items[0]!
      yield* expectInvalid(as(w.admin)(structures.updateSiteSpace(w.org, site.id, siteSpace.id, { path: "x".repeat(101) })), "path")
      yield* expectInvalid(as(w.admin)(structures.updateSiteSpace(w.org, site.id, siteSpace.id, { condition: "visitor.claims.isBeta" })), "condition")
      yield* expectInvalid(
        as(w.admin)(sites.updateAdaptiveSchema(w.org, site.id, { jsonSchema: { ...SCHEMA, properties: { plan: { type: "string", description: "Plan" } } } })),
        "jsonSchema.properties.plan.type"
      )
      yield* expectTag(as(w.admin)(sites.getAdaptiveSchema(w.org, site.id)), "NotFound")
      const after = yield* as(w.admin)(structures.listSiteSpaces(w.org, site.id, {}, {}))
      expect(after.items.map((x) => [x.id, x.path, x.condition])).toStrictEqual([[siteSpace.id, siteSpace.path, undefined]])
    }))

  test("sections: the first takes the root's site spaces, defaults pass on, the last site space of a section stays", () =>
    Effect.gen(function* () {
      const { w, site, guide, api } = yield* withSite
      const structures = yield* SiteStructures
      const section = yield* as(w.admin)(structures.addSection(w.org, site.id, { spaceId: api.id }))
      expect(section).toMatchObject({ title: "API", path: "api", default: false })
      const sections = (yield* as(w.admin)(structures.listSections(w.org, site.id, {}))).items
      expect(sections.map((s) => [s.title, s.default, s.siteSpaces.map((x) => x.space.id)])).toStrictEqual([
        ["Acme Docs", true, [guide.id]],
        ["API", false, [api.id]]
      ])
      yield* expectTag(as(w.admin)(structures.removeSiteSpace(w.org, site.id, section.siteSpaces[0]!.id)), "Conflict")
      expect(yield* as(w.admin)(structures.removeSection(w.org, site.id, sections[0]!.id))).toBe(true)
      expect(yield* as(w.admin)(structures.removeSection(w.org, site.id, sections[0]!.id))).toBe(false)
      const left = (yield* as(w.admin)(structures.listSections(w.org, site.id, {}))).items
      expect(left.map((s) => [s.id, s.default])).toStrictEqual([[section.id, true]])
    }))

  test("a deleted space's site spaces are not shown until it is restored", () =>
    Effect.gen(function* () {
      const { w, site, guide, api } = yield* withSite
      const structures = yield* SiteStructures
      const spaces = yield* Spaces
      yield* as(w.admin)(structures.addSiteSpace(w.org, site.id, { spaceId: api.id }))
      yield* as(w.admin)(spaces.remove(guide.id))
      const listed = yield* as(w.admin)(structures.listSiteSpaces(w.org, site.id, {}, {}))
      expect(listed.items.map((x) => [x.space.id, x.default])).toStrictEqual([[api.id, true]])
      yield* as(w.admin)(spaces.restore(guide.id))
      const back = yield* as(w.admin)(structures.listSiteSpaces(w.org, site.id, {}, {}))
      expect(back.items.map((x) => [x.space.id, x.default])).toStrictEqual([
        [guide.id, true],
        [api.id, false]
      ])
    }))

  test("a space transferred to another organization leaves the site; listSites finds sites by space", () =>
    Effect.gen(function* () {
      const { w, site, guide, api } = yield* withSite
      const sites = yield* Sites
      const structures = yield* SiteStructures
      const organizations = yield* Organizations
      yield* as(w.admin)(structures.addSiteSpace(w.org, site.id, { spaceId: api.id }))
      const other = yield* as(w.admin)(sites.create(w.org, { title: "Other", spaces: [api.id] }))
      expect((yield* as(w.admin)(sites.list(w.org, { space: guide.id }, {}))).items.map((s) => s.id)).toStrictEqual([site.id])
      expect((yield* as(w.admin)(sites.list(w.org, { space: api.id }, {}))).items.map((s) => s.id).sort()).toStrictEqual([site.id, other.id].sort())
      expect((yield* as(w.admin)(sites.list(w.org, { title: "oth" }, {}))).items.map((s) => s.id)).toStrictEqual([other.id])
      const elsewhere = yield* as(w.admin)(organizations.create({ title: "Elsewhere" }))
      yield* as(w.admin)((yield* Spaces).transfer(guide.id, { organization: elsewhere.id }))
      const listed = yield* as(w.admin)(structures.listSiteSpaces(w.org, site.id, {}, {}))
      expect(listed.items.map((x) => [x.space.id, x.default])).toStrictEqual([[api.id, true]])
      expect((yield* as(w.admin)(structures.structure(w.org, site.id))).structure).toHaveLength(1)
    }))

  test("published: members always; others by visibility, share key or visitor token; conditions filter what visitors see", () =>
    Effect.gen(function* () {
      const { w, site, api } = yield* withSite
      const sites = yield* Sites
      const structures = yield* SiteStructures
      const links = yield* SiteShareLinks
      const published = yield* PublishedSites
      const outsider = as(w.outsider)
      expect((yield* as(w.reader)(published.read(w.org, site.id, {}))).structure.structure).toHaveLength(1)
      yield* expectTag(outsider(published.read(w.org, site.id, {})), "NotFound")
      yield* as(w.admin)(sites.publish(w.org, site.id))
      expect((yield* outsider(published.read(w.org, site.id, {}))).site.permissions.view).toBe(false)

      yield* as(w.admin)(sites.update(w.org, site.id, { visibility: "share-link" }))
      yield* expectTag(outsider(published.read(w.org, site.id, {})), "NotFound")
      const link = yield* as(w.admin)(links.create(w.org, site.id, { name: "Partners" }))
      const key = new URL(link.urls.published!).searchParams.get("share")!
      expect((yield* outsider(published.read(w.org, site.id, { shareKey: key }))).object).toBe("published-content-site")
      yield* as(w.admin)(links.update(w.org, site.id, link.id, { active: false }))
      yield* expectTag(outsider(published.read(w.org, site.id, { shareKey: key })), "NotFound")

      yield* as(w.admin)(sites.update(w.org, site.id, { visibility: "visitor-auth" }))
      yield* as(w.admin)(sites.updateAdaptiveSchema(w.org, site.id, { jsonSchema: SCHEMA }))
      const beta = yield* as(w.admin)(structures.addSiteSpace(w.org, site.id, { spaceId: api.id }))
      yield* as(w.admin)(structures.updateSiteSpace(w.org, site.id, beta.id, { condition: "visitor.claims.isBeta" }))
      yield* expectTag(outsider(published.read(w.org, site.id, {})), "Unauthorized")
      const keyOfSite = yield* visitorKeyOf(site.id)
      const token = (claims: Record<string, unknown>, siteId: string = site.id, key = keyOfSite, expiresInSeconds = 60) =>
        signVisitorToken(claims, { key, siteId, expiresInSeconds })
      const shownTo = (claims: Record<string, unknown>) =>
        Effect.map(
          Effect.flatMap(token(claims), (visitorToken) => outsider(published.read(w.org, site.id, { visitorToken }))),
          (p) => p.structure.structure.map((x) => (x as { space: { id: string } }).space.id)
        )
      expect(yield* shownTo({ isBeta: true })).toHaveLength(2)
      expect(yield* shownTo({ isBeta: false })).toHaveLength(1)
      yield* expectTag(Effect.flatMap(token({}, "another-site"), (visitorToken) => outsider(published.read(w.org, site.id, { visitorToken }))), "Unauthorized")
      yield* expectTag(Effect.flatMap(token({}, site.id, "d3JvbmcgZWtleQ"), (visitorToken) => outsider(published.read(w.org, site.id, { visitorToken }))), "Unauthorized")
      yield* expectTag(Effect.flatMap(token({}, site.id, keyOfSite, -60), (visitorToken) => outsider(published.read(w.org, site.id, { visitorToken }))), "Unauthorized")
      // Members see every site space, whatever the conditions.
      expect((yield* as(w.reader)(published.read(w.org, site.id, {}))).structure.structure).toHaveLength(2)
      yield* as(w.admin)(sites.unpublish(w.org, site.id))
      yield* expectTag(Effect.flatMap(token({ isBeta: true }), (visitorToken) => outsider(published.read(w.org, site.id, { visitorToken }))), "NotFound")
    }))

  test("the organization's default site: created with withDefaultSite, checked by defaultContent, cleared with the site", () =>
    Effect.gen(function* () {
      const { w, site } = yield* withSite
      const organizations = yield* Organizations
      const sites = yield* Sites
      const created = yield* as(w.admin)(organizations.create({ title: "With a site" }, { withDefaultSite: true }))
      const own = yield* as(w.admin)(sites.list(created.id, {}, {}))
      expect(own.items.map((s) => s.id)).toStrictEqual([created.defaultContent?.site])
      yield* expectInvalid(as(w.admin)(organizations.update(w.org, { defaultContent: { type: "site", site: own.items[0]!.id } })), "defaultContent.site")
      const updated = yield* as(w.admin)(organizations.update(w.org, { defaultContent: { type: "site", site: site.id } }))
      expect(updated.defaultContent).toStrictEqual({ type: "site", site: site.id })
      yield* as(w.admin)(sites.remove(w.org, site.id))
      expect((yield* as(w.admin)(organizations.get(w.org))).defaultContent).toBeUndefined()
    }))
})
