import {
  type InstallationRecord,
  installationSortKey,
  type IntegrationFilter,
  type IntegrationInstallationId,
  type IntegrationRecord,
  IntegrationRepository,
  integrationSortKey,
  MemberRepository,
  OrganizationRepository,
  type OrganizationId,
  type SpaceInstallationRecord,
  spaceInstallationSortKey,
  SpaceRepository,
  type UserId
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import { at, makeMember, makeOrganization, makeSpace, newId, sortRows, type StorageLayer, storedSpace, walk } from "./contract-fixtures.js"

const makeIntegration = (ownerId: OrganizationId, over: Partial<IntegrationRecord> = {}): IntegrationRecord => ({
  name: `integration-${newId<string>()}`,
  ownerId,
  version: 1,
  title: "Widgets — ✓",
  visibility: "public",
  target: "all",
  scopes: ["space:content:read"],
  categories: [],
  blockDomains: [],
  hasBlocks: false,
  hasContentSources: false,
  definition: { description: "Widgets", configurations: { account: { properties: { key: { type: "string" } }, required: ["key"] } } },
  scriptSha256: "a".repeat(64),
  iconSha256: null,
  previewImageSha256s: [],
  sealedSecrets: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...over
})

const makeInstallation = (integrationName: string, organizationId: OrganizationId, over: Partial<InstallationRecord> = {}): InstallationRecord => ({
  id: newId<IntegrationInstallationId>(),
  integrationName,
  organizationId,
  status: "active",
  spaceSelection: "selected",
  siteSelection: "selected",
  configuration: {},
  externalIds: [],
  createdAt: at(0),
  updatedAt: at(0),
  ...over
})

/** Two organizations, stored, and a viewer who is an active member of the first only. */
const setup = Effect.gen(function* () {
  const organizations = yield* OrganizationRepository
  const owner = makeOrganization()
  const other = makeOrganization()
  yield* organizations.insert(owner)
  yield* organizations.insert(other)
  const viewer = newId<UserId>()
  yield* (yield* MemberRepository).insert(makeMember(owner.id, viewer))
  return { owner: owner.id, other: other.id, viewer }
})

/** The plain model of `IntegrationRepository.list`'s filter: what the port documents. */
const modelMatches = (filter: IntegrationFilter, viewerOrganizations: ReadonlySet<string>) => (i: IntegrationRecord) =>
  (i.visibility === "public" || viewerOrganizations.has(i.ownerId)) &&
  (filter.search === undefined || i.name.toLowerCase().includes(filter.search)) &&
  (filter.category === undefined || i.categories.includes(filter.category)) &&
  (filter.blockDomain === undefined || i.blockDomains.includes(filter.blockDomain)) &&
  (filter.blocks === undefined || i.hasBlocks === filter.blocks) &&
  (filter.contentSources === undefined || i.hasContentSources === filter.contentSources) &&
  (filter.owner === undefined || i.ownerId === filter.owner) &&
  (filter.scope === undefined || i.scopes.includes(filter.scope)) &&
  (filter.target === undefined || i.target === filter.target)

const optional = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined })

export const integrationsContract = (storage: StorageLayer) =>
  describe("IntegrationRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("an integration comes back as stored and updated; deleting it removes its installations and theirs", () =>
        Effect.gen(function* () {
          const integrations = yield* IntegrationRepository
          const { owner, other } = yield* setup
          const integration = makeIntegration(owner, {
            visibility: "private",
            categories: ["content", "other"],
            blockDomains: ["widgets.example.com"],
            hasBlocks: true,
            iconSha256: "b".repeat(64),
            previewImageSha256s: ["c".repeat(64)],
            sealedSecrets: "s1.sealed"
          })
          yield* integrations.insert(integration)
          expect(yield* integrations.find(integration.name)).toStrictEqual(Option.some(integration))
          const next = { ...integration, version: 2, title: "Next", definition: { summary: "é" }, sealedSecrets: null, updatedAt: at(5) }
          yield* integrations.update(next)
          expect(yield* integrations.find(integration.name)).toStrictEqual(Option.some(next))

          const installation = makeInstallation(integration.name, other, { configuration: { key: "k", nested: { n: [1, true, null] } } })
          yield* integrations.insertInstallation(installation)
          const space = yield* storedSpace
          yield* integrations.insertSpaceInstallation({
            installationId: installation.id,
            spaceId: space,
            integrationName: integration.name,
            organizationId: other,
            status: "active",
            configuration: {},
            externalIds: [],
            createdAt: at(1)
          })
          expect(yield* integrations.countInstallations(integration.name)).toBe(1)
          yield* integrations.delete(integration.name)
          expect(yield* integrations.find(integration.name)).toStrictEqual(Option.none())
          expect(yield* integrations.findInstallation(integration.name, installation.id)).toStrictEqual(Option.none())
          expect(yield* integrations.countInstallations(integration.name)).toBe(0)
          expect(yield* integrations.findSpaceInstallation(installation.id, space)).toStrictEqual(Option.none())
        })
      )

      it.effect.prop(
        "list keeps exactly what the filter keeps (visibility by the viewer's active memberships), by name, every row once",
        [
          fc.array(
            fc.record({
              owned: fc.boolean(),
              visibility: fc.constantFrom("public" as const, "private" as const, "unlisted" as const),
              target: fc.constantFrom("all" as const, "space" as const),
              categories: fc.subarray(["content", "other"]),
              blockDomains: fc.subarray(["a.example.com", "b_c.example.com"]),
              scopes: fc.subarray(["space:content:read", "openapi:read"]),
              hasContentSources: fc.boolean()
            }),
            { maxLength: 7 }
          ),
          fc.record({
            search: optional(fc.constantFrom("x", "_", "%", "-a")),
            category: optional(fc.constantFrom("content", "other")),
            blockDomain: optional(fc.constantFrom("a.example.com", "b_c.example.com", "bxc.example.com")),
            blocks: optional(fc.boolean()),
            contentSources: optional(fc.boolean()),
            owned: optional(fc.boolean()),
            scope: optional(fc.constantFrom("space:content:read", "openapi:read")),
            target: optional(fc.constantFrom("all", "space"))
          }),
          fc.integer({ min: 1, max: 3 })
        ],
        ([specs, query, limit]) =>
          Effect.gen(function* () {
            const integrations = yield* IntegrationRepository
            const { owner, other, viewer } = yield* setup
            const disabledOwner = makeOrganization()
            yield* (yield* OrganizationRepository).insert(disabledOwner)
            yield* (yield* MemberRepository).insert(makeMember(disabledOwner.id, viewer, { disabled: true }))
            yield* integrations.insert(makeIntegration(disabledOwner.id, { visibility: "private" }))
            const prefix = newId<string>()
            const rows = specs.map((spec, i) =>
              makeIntegration(spec.owned ? owner : other, {
                name: `${prefix}-${i % 2 === 0 ? "x" : "A_%"}-${i}`,
                visibility: spec.visibility,
                target: spec.target,
                categories: spec.categories,
                blockDomains: spec.blockDomains,
                hasBlocks: spec.blockDomains.length > 0,
                scopes: spec.scopes,
                hasContentSources: spec.hasContentSources
              })
            )
            for (const row of rows) yield* integrations.insert(row)
            const { owned, ...rest } = query
            // Only this run's owners: the database is shared between runs.
            const filter: IntegrationFilter = { ...rest, viewer, owner: owned === undefined ? undefined : owned ? owner : other }
            const scoped = (f: IntegrationFilter) => (f.owner === undefined ? { ...f, owner } : f)
            for (const f of [scoped(filter), { ...scoped(filter), owner: other }]) {
              const expected = sortRows(rows.filter(modelMatches(f, new Set([owner]))), integrationSortKey)
              const listed = yield* walk((k) => integrations.list(f, k), limit, integrationSortKey, expected.length)
              expect(listed.map((i) => i.name)).toStrictEqual(expected.map((i) => i.name))
            }
            const ofDisabled = yield* integrations.list({ viewer, owner: disabledOwner.id }, { after: undefined, limit: 10 })
            expect(ofDisabled.rows).toStrictEqual([])
          }),
        { fastCheck: { numRuns: 15 } }
      )

      it.effect("installations: found by id of their integration or by organization; updated; listed to members; filtered by external id", () =>
        Effect.gen(function* () {
          const integrations = yield* IntegrationRepository
          const { owner, other, viewer } = yield* setup
          const integration = makeIntegration(owner)
          const otherIntegration = makeIntegration(owner)
          yield* integrations.insert(integration)
          yield* integrations.insert(otherIntegration)
          const mine = makeInstallation(integration.name, owner, { externalIds: ["a,b", 'q"x'], createdAt: at(2) })
          const theirs = makeInstallation(integration.name, other, { externalIds: ["a"] })
          const elsewhere = makeInstallation(otherIntegration.name, owner, { createdAt: at(1) })
          for (const i of [mine, theirs, elsewhere]) yield* integrations.insertInstallation(i)

          expect(yield* integrations.findInstallation(integration.name, mine.id)).toStrictEqual(Option.some(mine))
          expect(yield* integrations.findInstallation(otherIntegration.name, mine.id)).toStrictEqual(Option.none())
          expect(yield* integrations.findInstallationIn(integration.name, other)).toStrictEqual(Option.some(theirs))
          expect(yield* integrations.countInstallations(integration.name)).toBe(2)

          const listed = (externalId?: string) =>
            Effect.map(integrations.listInstallations(integration.name, { viewer, externalId }, { after: undefined, limit: 10 }), (s) =>
              s.rows.map((r) => r.id)
            )
          expect(yield* listed()).toStrictEqual([mine.id])
          expect(yield* listed("a,b")).toStrictEqual([mine.id])
          expect(yield* listed('q"x')).toStrictEqual([mine.id])
          expect(yield* listed("a")).toStrictEqual([])
          expect(yield* listed("b")).toStrictEqual([])
          expect(yield* listed(",")).toStrictEqual([])

          const updated = { ...mine, status: "pending" as const, configuration: { key: "v" }, externalIds: [], spaceSelection: "all" as const, updatedAt: at(9) }
          yield* integrations.updateInstallation(updated)
          expect(yield* integrations.findInstallation(integration.name, mine.id)).toStrictEqual(Option.some(updated))

          const ofOrganization = yield* walk((k) => integrations.listOrganizationInstallations(owner, undefined, k), 1, installationSortKey, 2)
          expect(ofOrganization.map((i) => i.id)).toStrictEqual([elsewhere.id, mine.id])
          const searched = yield* integrations.listOrganizationInstallations(owner, otherIntegration.name.slice(-8).toLowerCase(), { after: undefined, limit: 10 })
          expect(searched.rows.map((i) => i.id)).toStrictEqual([elsewhere.id])

          yield* integrations.deleteInstallation(mine.id)
          expect(yield* integrations.findInstallation(integration.name, mine.id)).toStrictEqual(Option.none())
          expect(yield* integrations.countInstallations(integration.name)).toBe(1)
        })
      )

      it.effect("space installations: stored once per space, counted, listed by (createdAt, spaceId), gone with their installation or their space", () =>
        Effect.gen(function* () {
          const integrations = yield* IntegrationRepository
          const spaces = yield* SpaceRepository
          const { owner } = yield* setup
          const integration = makeIntegration(owner)
          yield* integrations.insert(integration)
          const installation = makeInstallation(integration.name, owner)
          yield* integrations.insertInstallation(installation)
          const made = [makeSpace(owner), makeSpace(owner), makeSpace(owner)]
          for (const space of made) yield* spaces.insert(space)
          const rows: Array<SpaceInstallationRecord> = made.map((space, i) => ({
            installationId: installation.id,
            spaceId: space.id,
            integrationName: integration.name,
            organizationId: owner,
            status: "active",
            configuration: { n: i },
            externalIds: [`e${i}`],
            createdAt: at(3 - i)
          }))
          for (const row of rows) yield* integrations.insertSpaceInstallation(row)
          expect(yield* integrations.findSpaceInstallation(installation.id, made[0]!.id)).toStrictEqual(Option.some(rows[0]))
          expect(yield* integrations.countSpaceInstallations(installation.id)).toBe(3)
          const listed = yield* walk((k) => integrations.listSpaceInstallations(installation.id, k), 2, spaceInstallationSortKey, 3)
          expect(listed).toStrictEqual(sortRows(rows, spaceInstallationSortKey))

          yield* integrations.deleteSpaceInstallation(installation.id, made[0]!.id)
          expect(yield* integrations.findSpaceInstallation(installation.id, made[0]!.id)).toStrictEqual(Option.none())
          yield* spaces.purge(made[1]!.id)
          expect(yield* integrations.countSpaceInstallations(installation.id)).toBe(1)
          yield* integrations.deleteInstallation(installation.id)
          expect(yield* integrations.findSpaceInstallation(installation.id, made[2]!.id)).toStrictEqual(Option.none())
        })
      )
    })
  })
