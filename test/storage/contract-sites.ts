import {
  type ShareLinkRecord,
  shareLinkSortKey,
  type SiteId,
  type SiteRecord,
  SiteRepository,
  type SiteSectionGroupId,
  type SiteSectionId,
  type SiteSpaceId,
  siteSortKey,
  type SiteStructureChange,
  type SiteStructureRows,
  type SpaceId,
  SpaceRepository,
  Storage
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Data, Effect, Option, FastCheck as fc } from "effect"
import {
  at,
  byId,
  makeGroup,
  makeSection,
  makeShareLink,
  makeSite,
  makeSiteSpace,
  newId,
  sortRows,
  type StorageLayer,
  storedOrganization,
  storedSpace,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 20
const FIRST = { after: undefined, limit: 10 }
const EMPTY_ROWS: SiteStructureRows = { sections: [], groups: [], siteSpaces: [] }

/** Titles holding LIKE's wildcards and non-ASCII letters, and the parts the title filter looks for. */
const TITLES = ["Docs", "API Docs", "docs 100%", "under_score", "Ünïcode guide", "Plain"]
const TITLE_PARTS = ["DOCS", "%", "_", "ÜNÏ", "0%", "api d", "zzz"]

class Refused extends Data.TaggedError("Refused")<{}> {}

/** A stored site in an organization of its own. */
const storedSite = (over: Partial<SiteRecord> = {}) =>
  Effect.gen(function* () {
    const site = makeSite(yield* storedOrganization, over)
    yield* (yield* SiteRepository).insert(site)
    return site
  })

/** Rows in a stable order: the port returns them in none. */
const sorted = (rows: SiteStructureRows): SiteStructureRows => ({
  sections: byId(rows.sections),
  groups: byId(rows.groups),
  siteSpaces: byId(rows.siteSpaces)
})

/** The same rows (same ids) as rows of another site. */
const ofSite = (rows: SiteStructureRows, siteId: SiteId): SiteStructureRows => ({
  sections: rows.sections.map((s) => ({ ...s, siteId })),
  groups: rows.groups.map((g) => ({ ...g, siteId })),
  siteSpaces: rows.siteSpaces.map((s) => ({ ...s, siteId }))
})

const putOnly = (put: Partial<SiteStructureRows>): SiteStructureChange => ({
  put: { ...EMPTY_ROWS, ...put },
  deleteSections: [],
  deleteGroups: [],
  deleteSiteSpaces: []
})

/** A little structure: a group with a nested group, a section in each place, site spaces at the root and in a section. */
const structureOf = (siteId: SiteId, spaceId: SpaceId): SiteStructureRows => {
  const outer = makeGroup(siteId, { position: "a0" })
  const inner = makeGroup(siteId, { parentId: outer.id, icon: "book", position: "a1", createdAt: at(1) })
  const atRoot = makeSection(siteId, { position: "a2" })
  const siteSpace = makeSiteSpace(siteId, spaceId, { sectionId: atRoot.id, condition: "visitor.claims.plan == 'pro'" })
  const nested = makeSection(siteId, {
    title: "Référence \"API\"",
    description: "Every endpoint",
    icon: "code",
    condition: "visitor.claims.beta",
    groupId: inner.id,
    position: "a0V",
    defaultSiteSpaceId: siteSpace.id,
    createdAt: at(2)
  })
  const rootSpace = makeSiteSpace(siteId, spaceId, { position: "Zz", createdAt: at(3) })
  return { sections: [atRoot, nested], groups: [outer, inner], siteSpaces: [siteSpace, rootSpace] }
}

const siteShape = fc.record({
  title: fc.nat(TITLES.length - 1),
  published: fc.boolean(),
  /** Few distinct times, so many ties broken by id. */
  created: fc.integer({ min: 0, max: 3 }),
  /** Which of the two spaces the site publishes. */
  spaces: fc.subarray([0, 1])
})

const queryShape = fc.record({
  title: fc.option(fc.nat(TITLE_PARTS.length - 1), { nil: undefined }),
  published: fc.option(fc.boolean(), { nil: undefined }),
  /** 2 is a space no site publishes. */
  space: fc.option(fc.nat(2), { nil: undefined })
})

export const sitesContract = (storage: StorageLayer) =>
  describe("SiteRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a site comes back by id and by basename in its organization, as inserted and as updated, nulls included", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const organizationId = yield* storedOrganization
          const otherOrganization = yield* storedOrganization
          const bare = makeSite(organizationId, { defaultLevel: null })
          const full = makeSite(organizationId, {
            type: "ultimate",
            title: "Ünïcode \"docs\" and 'quotes'",
            visibility: "share-link",
            published: true,
            basename: "help",
            proxy: "company.com/docs",
            defaultLevel: "comment",
            adaptiveContent: true,
            adaptiveSchema: { document: JSON.stringify({ type: "object", properties: { plan: { type: "string" } } }), updatedAt: at(7) },
            defaultSectionId: newId<SiteSectionId>(),
            defaultSiteSpaceId: newId<SiteSpaceId>(),
            createdAt: at(1),
            updatedAt: at(2)
          })
          yield* sites.insert(bare)
          yield* sites.insert(full)
          expect(yield* sites.findById(bare.id)).toStrictEqual(Option.some(bare))
          expect(yield* sites.findById(full.id)).toStrictEqual(Option.some(full))
          expect(yield* sites.findById(newId<SiteId>())).toStrictEqual(Option.none())

          expect(yield* sites.findByBasename(organizationId, "help")).toStrictEqual(Option.some(full))
          expect(yield* sites.findByBasename(organizationId, bare.basename)).toStrictEqual(Option.some(bare))
          expect(yield* sites.findByBasename(organizationId, "HELP")).toStrictEqual(Option.none())
          expect(yield* sites.findByBasename(otherOrganization, "help")).toStrictEqual(Option.none())
          // The same basename in another organization is another site.
          const elsewhere = makeSite(otherOrganization, { basename: "help" })
          yield* sites.insert(elsewhere)
          expect(yield* sites.findByBasename(otherOrganization, "help")).toStrictEqual(Option.some(elsewhere))
          expect(yield* sites.findByBasename(organizationId, "help")).toStrictEqual(Option.some(full))

          const edited: SiteRecord = {
            ...full,
            type: "premium",
            title: "Manual",
            visibility: "visitor-auth",
            published: false,
            basename: "manual",
            proxy: null,
            defaultLevel: "inherit",
            adaptiveContent: false,
            adaptiveSchema: null,
            defaultSectionId: null,
            defaultSiteSpaceId: null,
            visitorKey: "rotated",
            updatedAt: at(8)
          }
          yield* sites.update(edited)
          expect(yield* sites.findById(full.id)).toStrictEqual(Option.some(edited))
          expect(yield* sites.findByBasename(organizationId, "help")).toStrictEqual(Option.none())
          expect(yield* sites.findByBasename(organizationId, "manual")).toStrictEqual(Option.some(edited))
          const filled: SiteRecord = {
            ...bare,
            published: true,
            defaultLevel: "admin",
            adaptiveContent: true,
            adaptiveSchema: { document: "{}", updatedAt: at(9) },
            updatedAt: at(9)
          }
          yield* sites.update(filled)
          expect(yield* sites.findById(bare.id)).toStrictEqual(Option.some(filled))

          // Updating a site that was never inserted changes nothing.
          const ghost = makeSite(organizationId)
          yield* sites.update(ghost)
          expect(yield* sites.findById(ghost.id)).toStrictEqual(Option.none())
        })
      )

      it.effect("a basename is taken once in an organization", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const first = yield* storedSite({ basename: "docs" })
          const second = makeSite(first.organizationId, { basename: "api" })
          yield* sites.insert(second)
          const twin = makeSite(first.organizationId, { basename: "docs" })
          expect(yield* Effect.exit(sites.insert(twin))).toMatchObject({ _tag: "Failure" })
          expect(yield* Effect.exit(sites.update({ ...second, basename: "docs" }))).toMatchObject({ _tag: "Failure" })
          expect(yield* sites.findById(twin.id)).toStrictEqual(Option.none())
          expect(yield* sites.findById(second.id)).toStrictEqual(Option.some(second))
          expect(yield* sites.findByBasename(first.organizationId, "docs")).toStrictEqual(Option.some(first))
        })
      )

      it.effect("onlyOpenToMembers leaves out the sites whose default level is null", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const open = yield* storedSite({ defaultLevel: "inherit" })
          const closed = yield* storedSite({ organizationId: open.organizationId, defaultLevel: null })
          const all = yield* sites.list(open.organizationId, {}, FIRST)
          expect(all.rows.map((s) => s.id).sort()).toStrictEqual([open.id, closed.id].sort())
          expect(yield* sites.list(open.organizationId, { onlyOpenToMembers: true }, FIRST)).toStrictEqual({ rows: [open], count: 1 })
        })
      )

      it.effect("an empty list counts 0", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const site = yield* storedSite({ published: false })
          expect(yield* sites.list(site.organizationId, { published: true }, FIRST)).toStrictEqual({ rows: [], count: 0 })
          expect(yield* sites.list(yield* storedOrganization, {}, FIRST)).toStrictEqual({ rows: [], count: 0 })
          // Past the last row, the count is still the total.
          const past = { after: [at(9), "~"], limit: 10 }
          expect(yield* sites.list(site.organizationId, {}, past)).toStrictEqual({ rows: [], count: 1 })
        })
      )

      it.effect.prop(
        "list keeps to its organization, filters by title, published and space, counts, and walks every site once",
        [fc.array(siteShape, { minLength: 1, maxLength: 12 }), queryShape, fc.integer({ min: 1, max: 4 })],
        ([shapes, q, limit]) =>
          Effect.gen(function* () {
            const sites = yield* SiteRepository
            const organizationId = yield* storedOrganization
            const foreign = yield* storedOrganization
            const spaces = [yield* storedSpace, yield* storedSpace, yield* storedSpace]
            const rows: Array<{ readonly site: SiteRecord; readonly spaces: ReadonlyArray<SpaceId> }> = []
            for (const shape of shapes) {
              const fields = { title: TITLES[shape.title]!, published: shape.published, createdAt: at(shape.created) }
              const published = shape.spaces.map((i) => spaces[i]!)
              // The same site in another organization must never show.
              for (const site of [makeSite(organizationId, fields), makeSite(foreign, fields)]) {
                yield* sites.insert(site)
                const siteSpaces = published.map((spaceId) => makeSiteSpace(site.id, spaceId))
                yield* sites.writeStructure(site.id, putOnly({ siteSpaces }))
                if (site.organizationId === organizationId) rows.push({ site, spaces: published })
              }
            }
            const query = {
              title: q.title === undefined ? undefined : TITLE_PARTS[q.title],
              published: q.published,
              spaceId: q.space === undefined ? undefined : spaces[q.space]
            }
            const expected = sortRows(
              rows
                .filter(
                  ({ site, spaces: published }) =>
                    (query.title === undefined || site.title.toLowerCase().includes(query.title.toLowerCase())) &&
                    (query.published === undefined || site.published === query.published) &&
                    (query.spaceId === undefined || published.includes(query.spaceId))
                )
                .map(({ site }) => site),
              siteSortKey
            )
            const listed = yield* walk((k) => sites.list(organizationId, query, k), limit, siteSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("countSiteSpaces counts each site's site spaces, wherever they sit; sites with none are absent", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const [spaceA, spaceB] = [yield* storedSpace, yield* storedSpace]
          const busy = yield* storedSite()
          const single = yield* storedSite()
          const empty = yield* storedSite()
          const section = makeSection(busy.id)
          yield* sites.writeStructure(
            busy.id,
            putOnly({
              sections: [section],
              siteSpaces: [
                makeSiteSpace(busy.id, spaceA),
                makeSiteSpace(busy.id, spaceB),
                makeSiteSpace(busy.id, spaceA, { sectionId: section.id })
              ]
            })
          )
          yield* sites.writeStructure(single.id, putOnly({ siteSpaces: [makeSiteSpace(single.id, spaceB)] }))

          const counts = yield* sites.countSiteSpaces([busy.id, single.id, empty.id, newId<SiteId>()])
          expect(counts).toStrictEqual(new Map([[busy.id, 3], [single.id, 1]]))
          expect(yield* sites.countSiteSpaces([single.id])).toStrictEqual(new Map([[single.id, 1]]))
          expect(yield* sites.countSiteSpaces([empty.id])).toStrictEqual(new Map())
          expect(yield* sites.countSiteSpaces([])).toStrictEqual(new Map())
        })
      )

      it.effect("writeStructure inserts, replaces and deletes rows; structure returns every field as written", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const [spaceA, spaceB] = [yield* storedSpace, yield* storedSpace]
          const site = yield* storedSite()
          const other = yield* storedSite()
          expect(yield* sites.structure(site.id)).toStrictEqual(EMPTY_ROWS)

          const first = structureOf(site.id, spaceA)
          yield* sites.writeStructure(site.id, putOnly(first))
          expect(sorted(yield* sites.structure(site.id))).toStrictEqual(sorted(first))
          expect(yield* sites.structure(other.id)).toStrictEqual(EMPTY_ROWS)

          const [atRoot, nested] = first.sections
          const [outer, inner] = first.groups
          const [inSection, rootSpace] = first.siteSpaces
          const movedSection = {
            ...nested!,
            title: "Reference",
            description: null,
            icon: null,
            condition: null,
            groupId: null,
            position: "a3",
            defaultSiteSpaceId: null,
            createdAt: at(4)
          }
          const movedGroup = { ...inner!, title: "Platform", icon: null, parentId: null, position: "a4" }
          const movedSpace = {
            ...rootSpace!,
            sectionId: movedSection.id,
            spaceId: spaceB,
            path: "v2",
            condition: "visitor.claims.beta",
            position: "a1"
          }
          const newSection = makeSection(site.id, { groupId: movedGroup.id, position: "a5", createdAt: at(5) })
          const newSpace = makeSiteSpace(site.id, spaceB, { sectionId: newSection.id, createdAt: at(5) })
          yield* sites.writeStructure(site.id, {
            put: { sections: [movedSection, newSection], groups: [movedGroup], siteSpaces: [movedSpace, newSpace] },
            deleteSections: [atRoot!.id],
            deleteGroups: [outer!.id],
            deleteSiteSpaces: [inSection!.id]
          })
          expect(sorted(yield* sites.structure(site.id))).toStrictEqual(
            sorted({ sections: [movedSection, newSection], groups: [movedGroup], siteSpaces: [movedSpace, newSpace] })
          )

          // Deleting ids that are not there, and an empty change, change nothing.
          const before = sorted(yield* sites.structure(site.id))
          yield* sites.writeStructure(site.id, {
            put: EMPTY_ROWS,
            deleteSections: [newId<SiteSectionId>()],
            deleteGroups: [newId<SiteSectionGroupId>()],
            deleteSiteSpaces: [newId<SiteSpaceId>()]
          })
          yield* sites.writeStructure(site.id, putOnly({}))
          expect(sorted(yield* sites.structure(site.id))).toStrictEqual(before)
        })
      )

      it.effect("writeStructure keeps to its site: another site's rows are neither deleted nor replaced", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const spaceId = yield* storedSpace
          const site = yield* storedSite()
          const other = yield* storedSite()
          const mine = structureOf(site.id, spaceId)
          const theirs = structureOf(other.id, spaceId)
          yield* sites.writeStructure(site.id, putOnly(mine))
          yield* sites.writeStructure(other.id, putOnly(theirs))

          yield* sites.writeStructure(site.id, {
            put: EMPTY_ROWS,
            deleteSections: theirs.sections.map((s) => s.id),
            deleteGroups: theirs.groups.map((g) => g.id),
            deleteSiteSpaces: theirs.siteSpaces.map((s) => s.id)
          })
          // Rows of this site under the ids of the other site's rows.
          yield* sites.writeStructure(
            site.id,
            putOnly({
              sections: theirs.sections.map((s) => ({ ...s, siteId: site.id, title: "Taken" })),
              groups: theirs.groups.map((g) => ({ ...g, siteId: site.id, title: "Taken" })),
              siteSpaces: theirs.siteSpaces.map((s) => ({ ...s, siteId: site.id, path: "taken" }))
            })
          )
          expect(sorted(yield* sites.structure(other.id))).toStrictEqual(sorted(theirs))
          expect(sorted(yield* sites.structure(site.id))).toStrictEqual(sorted(mine))

          // A row naming another site is a caller's bug: refused, and nothing is written.
          const stray = makeSection(other.id)
          const change = putOnly({ sections: [makeSection(site.id), stray] })
          expect(yield* Effect.exit(sites.writeStructure(site.id, change))).toMatchObject({ _tag: "Failure" })
          expect(sorted(yield* sites.structure(site.id))).toStrictEqual(sorted(mine))
          expect(sorted(yield* sites.structure(other.id))).toStrictEqual(sorted(theirs))
        })
      )

      it.effect("deleting a site removes its structure and share links, and leaves another site and the spaces alone", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const spaces = yield* SpaceRepository
          const spaceId = yield* storedSpace
          const gone = yield* storedSite()
          const kept = makeSite(gone.organizationId)
          yield* sites.insert(kept)
          const goneRows = structureOf(gone.id, spaceId)
          const keptRows = structureOf(kept.id, spaceId)
          yield* sites.writeStructure(gone.id, putOnly(goneRows))
          yield* sites.writeStructure(kept.id, putOnly(keptRows))
          const goneLink = makeShareLink(gone.id)
          const keptLink = makeShareLink(kept.id, { key: goneLink.key })
          yield* sites.insertShareLink(goneLink)
          yield* sites.insertShareLink(keptLink)

          yield* sites.delete(gone.id)

          expect(yield* sites.findById(gone.id)).toStrictEqual(Option.none())
          expect(yield* sites.findByBasename(gone.organizationId, gone.basename)).toStrictEqual(Option.none())
          expect(yield* sites.structure(gone.id)).toStrictEqual(EMPTY_ROWS)
          expect(yield* sites.findShareLink(gone.id, goneLink.id)).toStrictEqual(Option.none())
          expect(yield* sites.findShareLinkByKey(gone.id, goneLink.key)).toStrictEqual(Option.none())
          expect(yield* sites.listShareLinks(gone.id, undefined, FIRST)).toStrictEqual({ rows: [], count: 0 })
          expect(yield* sites.countSiteSpaces([gone.id, kept.id])).toStrictEqual(new Map([[kept.id, 2]]))
          expect(yield* sites.list(gone.organizationId, {}, FIRST)).toStrictEqual({ rows: [kept], count: 1 })

          expect(yield* sites.findById(kept.id)).toStrictEqual(Option.some(kept))
          expect(sorted(yield* sites.structure(kept.id))).toStrictEqual(sorted(keptRows))
          expect(yield* sites.findShareLinkByKey(kept.id, keptLink.key)).toStrictEqual(Option.some(keptLink))
          expect(Option.isSome(yield* spaces.findById(spaceId))).toBe(true)

          // Its basename is free again, and its rows' ids are gone with it.
          const successor = makeSite(gone.organizationId, { basename: gone.basename })
          yield* sites.insert(successor)
          yield* sites.writeStructure(successor.id, putOnly(ofSite(goneRows, successor.id)))
          expect(yield* sites.findByBasename(gone.organizationId, gone.basename)).toStrictEqual(Option.some(successor))
          expect(yield* sites.countSiteSpaces([successor.id])).toStrictEqual(new Map([[successor.id, 2]]))
          // Deleting a site that is not there does nothing.
          yield* sites.delete(newId<SiteId>())
          expect(yield* sites.findById(kept.id)).toStrictEqual(Option.some(kept))
        })
      )

      it.effect("share links: found by id and by key in their site only, updated, deleted; a key is taken once per site", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const site = yield* storedSite({ visibility: "share-link" })
          const other = yield* storedSite({ visibility: "share-link" })
          const link = makeShareLink(site.id, { name: "Ünïcode \"reviewers\"", key: "Key-One" })
          const revoked = makeShareLink(site.id, { active: false, createdAt: at(1) })
          const twin = makeShareLink(other.id, { key: "Key-One" })
          for (const l of [link, revoked, twin]) yield* sites.insertShareLink(l)

          expect(yield* sites.findShareLink(site.id, link.id)).toStrictEqual(Option.some(link))
          expect(yield* sites.findShareLink(site.id, revoked.id)).toStrictEqual(Option.some(revoked))
          expect(yield* sites.findShareLink(other.id, link.id)).toStrictEqual(Option.none())
          expect(yield* sites.findShareLink(site.id, newId())).toStrictEqual(Option.none())
          expect(yield* sites.findShareLinkByKey(site.id, "Key-One")).toStrictEqual(Option.some(link))
          expect(yield* sites.findShareLinkByKey(other.id, "Key-One")).toStrictEqual(Option.some(twin))
          expect(yield* sites.findShareLinkByKey(site.id, revoked.key)).toStrictEqual(Option.some(revoked))
          expect(yield* sites.findShareLinkByKey(site.id, "key-one")).toStrictEqual(Option.none())
          expect(yield* sites.findShareLinkByKey(other.id, revoked.key)).toStrictEqual(Option.none())

          const taken = makeShareLink(site.id, { key: "Key-One" })
          expect(yield* Effect.exit(sites.insertShareLink(taken))).toMatchObject({ _tag: "Failure" })
          expect(yield* sites.findShareLink(site.id, taken.id)).toStrictEqual(Option.none())

          const edited: ShareLinkRecord = { ...link, name: "Former reviewers", key: "Key-Two", active: false }
          yield* sites.updateShareLink(edited)
          expect(yield* sites.findShareLink(site.id, link.id)).toStrictEqual(Option.some(edited))
          expect(yield* sites.findShareLinkByKey(site.id, "Key-Two")).toStrictEqual(Option.some(edited))
          expect(yield* sites.findShareLinkByKey(site.id, "Key-One")).toStrictEqual(Option.none())
          // Named under another site, the link is not there: nothing changes.
          yield* sites.updateShareLink({ ...edited, siteId: other.id, name: "Hijacked" })
          yield* sites.deleteShareLink(other.id, link.id)
          expect(yield* sites.findShareLink(site.id, link.id)).toStrictEqual(Option.some(edited))
          // A link never inserted is not made by an update.
          const ghost = makeShareLink(site.id)
          yield* sites.updateShareLink(ghost)
          expect(yield* sites.findShareLink(site.id, ghost.id)).toStrictEqual(Option.none())

          yield* sites.deleteShareLink(site.id, link.id)
          expect(yield* sites.findShareLink(site.id, link.id)).toStrictEqual(Option.none())
          expect(yield* sites.findShareLinkByKey(site.id, "Key-Two")).toStrictEqual(Option.none())
          expect(yield* sites.findShareLink(site.id, revoked.id)).toStrictEqual(Option.some(revoked))
          expect(yield* sites.findShareLink(other.id, twin.id)).toStrictEqual(Option.some(twin))
        })
      )

      it.effect("listShareLinks walks a site's links by (createdAt, id), the search matching the name or the key in any case", () =>
        Effect.gen(function* () {
          const sites = yield* SiteRepository
          const site = yield* storedSite()
          const other = yield* storedSite()
          const links = [
            makeShareLink(site.id, { name: "Reviewers", key: "aBc123", createdAt: at(1) }),
            makeShareLink(site.id, { name: "Press 100%", key: "zz_9", createdAt: at(0) }),
            makeShareLink(site.id, { name: "Ünïcode partners", key: "QQQ", createdAt: at(1), active: false }),
            makeShareLink(site.id, { name: "Beta testers", key: "review-key", createdAt: at(1) }),
            makeShareLink(site.id, { name: "Auditors", key: "xyz", createdAt: at(2) })
          ]
          for (const l of links) yield* sites.insertShareLink(l)
          // The other site's links match every search and must never show.
          yield* sites.insertShareLink(makeShareLink(other.id, { name: "Reviewers ünï 100% _", key: "ABC123" }))

          const searches: ReadonlyArray<string | undefined> = [undefined, "REVIEW", "abc", "ÜNÏ", "%", "_", "q", "none"]
          for (const search of searches) {
            const expected = sortRows(
              links.filter(
                (l) =>
                  search === undefined ||
                  l.name.toLowerCase().includes(search.toLowerCase()) ||
                  l.key.toLowerCase().includes(search.toLowerCase())
              ),
              shareLinkSortKey
            )
            for (const limit of [1, 2, 10]) {
              const listed = yield* walk((k) => sites.listShareLinks(site.id, search, k), limit, shareLinkSortKey, expected.length)
              expect(listed).toStrictEqual(expected)
            }
          }
          expect(yield* sites.listShareLinks((yield* storedSite()).id, undefined, FIRST)).toStrictEqual({ rows: [], count: 0 })
        })
      )

      it.effect("a failed transaction leaves no site, structure or share link behind", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const sites = yield* SiteRepository
          const spaceId = yield* storedSpace
          const kept = yield* storedSite()
          const keptRows = structureOf(kept.id, spaceId)
          yield* sites.writeStructure(kept.id, putOnly(keptRows))
          const site = makeSite(kept.organizationId)
          const rows = structureOf(site.id, spaceId)
          const link = makeShareLink(site.id)
          const keptLink = makeShareLink(kept.id)

          const exit = yield* Effect.exit(
            transaction(
              Effect.gen(function* () {
                yield* sites.insert(site)
                yield* sites.writeStructure(site.id, putOnly(rows))
                yield* sites.insertShareLink(link)
                yield* sites.update({ ...kept, title: "Renamed" })
                yield* sites.writeStructure(kept.id, {
                  put: EMPTY_ROWS,
                  deleteSections: keptRows.sections.map((s) => s.id),
                  deleteGroups: [],
                  deleteSiteSpaces: []
                })
                yield* sites.insertShareLink(keptLink)
                return yield* new Refused()
              })
            )
          )
          expect(exit).toMatchObject({ _tag: "Failure" })
          expect(yield* sites.findById(site.id)).toStrictEqual(Option.none())
          expect(yield* sites.structure(site.id)).toStrictEqual(EMPTY_ROWS)
          expect(yield* sites.findShareLink(site.id, link.id)).toStrictEqual(Option.none())
          expect(yield* sites.findById(kept.id)).toStrictEqual(Option.some(kept))
          expect(sorted(yield* sites.structure(kept.id))).toStrictEqual(sorted(keptRows))
          expect(yield* sites.findShareLink(kept.id, keptLink.id)).toStrictEqual(Option.none())
        })
      )
    })
  })
