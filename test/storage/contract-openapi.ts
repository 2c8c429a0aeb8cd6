import {
  type OpenApiSpecId,
  type OpenApiSpecRecord,
  OpenApiSpecRepository,
  type OpenApiSpecVersionId,
  type OpenApiSpecVersionRecord,
  type OrganizationId,
  openApiSpecSortKey,
  openApiVersionSortKey
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import { at, newId, sortRows, type StorageLayer, storedOrganizationPair, walk } from "./contract-fixtures.js"

const makeSpec = (organizationId: OrganizationId, over: Partial<OpenApiSpecRecord> = {}): OpenApiSpecRecord => {
  const id = newId<OpenApiSpecId>()
  return {
    id,
    organizationId,
    slug: `spec-${id.toLowerCase()}`,
    source: { kind: "url", url: "https://example.com/openapi.yaml" },
    visibility: "private",
    processingState: "pending",
    processingJobId: "job-1",
    lastVersionId: null,
    lastProcessedAt: null,
    lastProcessErrorCode: null,
    lastProcessedErrors: [],
    lastProcessedErrorCount: 0,
    createdAt: at(0),
    updatedAt: at(0),
    ...over
  }
}

const makeVersion = (specId: OpenApiSpecId, over: Partial<OpenApiSpecVersionRecord> = {}): OpenApiSpecVersionRecord => ({
  id: newId<OpenApiSpecVersionId>(),
  specId,
  contentHash: "0".repeat(64),
  sourceUrl: null,
  raw: "openapi: 3.1.0\ninfo:\n  title: Café ✓\n",
  format: "yaml",
  filesystem: JSON.stringify({ "openapi.yaml": { openapi: "3.1.0", info: { title: "Café ✓" } } }),
  createdAt: at(0),
  ...over
})


export const openApiContract = (storage: StorageLayer) =>
  describe("OpenApiSpecRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("specs come back as stored and updated, by id and by slug in their organization only", () =>
        Effect.gen(function* () {
          const specs = yield* OpenApiSpecRepository
          const { organization, foreign } = yield* storedOrganizationPair
          const fromUrl = makeSpec(organization.id)
          const fromText = makeSpec(organization.id, {
            source: { kind: "text", text: '{"openapi":"3.1.0","info":{"title":"Ünïcode ✓"}}' },
            visibility: "public"
          })
          yield* specs.insertSpec(fromUrl)
          yield* specs.insertSpec(fromText)
          // The same slug in another organization is another spec.
          const elsewhere = makeSpec(foreign.id, { slug: fromUrl.slug })
          yield* specs.insertSpec(elsewhere)
          expect(yield* specs.findSpec(fromUrl.id)).toStrictEqual(Option.some(fromUrl))
          expect(yield* specs.findSpecBySlug(organization.id, fromText.slug)).toStrictEqual(Option.some(fromText))
          expect(yield* specs.findSpecBySlug(foreign.id, fromUrl.slug)).toStrictEqual(Option.some(elsewhere))
          expect(yield* specs.findSpecBySlug(foreign.id, fromText.slug)).toStrictEqual(Option.none())

          const failed: OpenApiSpecRecord = {
            ...fromUrl,
            processingState: "complete",
            processingJobId: null,
            lastProcessedAt: at(5),
            lastProcessErrorCode: "PARSE_ERROR",
            lastProcessedErrors: [{ message: "paths: must be object — ✗", code: "E1" }, { message: "second" }],
            lastProcessedErrorCount: 7,
            updatedAt: at(5)
          }
          yield* specs.updateSpec(failed)
          expect(yield* specs.findSpec(fromUrl.id)).toStrictEqual(Option.some(failed))
        })
      )

      it.effect("versions are kept whole, found only under their spec, and go with their spec", () =>
        Effect.gen(function* () {
          const specs = yield* OpenApiSpecRepository
          const { organization } = yield* storedOrganizationPair
          const spec = makeSpec(organization.id)
          const other = makeSpec(organization.id)
          yield* specs.insertSpec(spec)
          yield* specs.insertSpec(other)
          const version = makeVersion(spec.id, { sourceUrl: "https://example.com/openapi.yaml" })
          const kept = makeVersion(other.id, { format: "json", raw: "{}", filesystem: "{}" })
          yield* specs.insertVersion(version)
          yield* specs.insertVersion(kept)
          expect(yield* specs.findVersion(spec.id, version.id)).toStrictEqual(Option.some(version))
          expect(yield* specs.findVersion(other.id, version.id)).toStrictEqual(Option.none())

          expect(yield* specs.deleteSpec(organization.id, spec.slug)).toBe(true)
          expect(yield* specs.deleteSpec(organization.id, spec.slug)).toBe(false)
          expect(yield* specs.findSpec(spec.id)).toStrictEqual(Option.none())
          expect(yield* specs.findVersion(spec.id, version.id)).toStrictEqual(Option.none())
          expect(yield* specs.findVersion(other.id, kept.id)).toStrictEqual(Option.some(kept))
        })
      )

      it.effect.prop(
        "listSpecs walks every spec of the organization once, by (createdAt, id), with the total",
        [fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 8 }), fc.integer({ min: 1, max: 4 })],
        ([created, limit]) =>
          Effect.gen(function* () {
            const specs = yield* OpenApiSpecRepository
            const { organization, foreign } = yield* storedOrganizationPair
            yield* specs.insertSpec(makeSpec(foreign.id))
            const rows = created.map((seconds) => makeSpec(organization.id, { createdAt: at(seconds) }))
            for (const row of rows) yield* specs.insertSpec(row)
            const expected = sortRows(rows, openApiSpecSortKey)
            expect(yield* walk((k) => specs.listSpecs(organization.id, k), limit, openApiSpecSortKey, expected.length)).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: 15 } }
      )

      it.effect.prop(
        "listVersions walks every version of the spec once, newest first, with the total",
        [fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 8 }), fc.integer({ min: 1, max: 4 })],
        ([created, limit]) =>
          Effect.gen(function* () {
            const specs = yield* OpenApiSpecRepository
            const { organization } = yield* storedOrganizationPair
            const spec = makeSpec(organization.id)
            const other = makeSpec(organization.id)
            yield* specs.insertSpec(spec)
            yield* specs.insertSpec(other)
            yield* specs.insertVersion(makeVersion(other.id))
            const rows = created.map((seconds) => makeVersion(spec.id, { createdAt: at(seconds) }))
            for (const row of rows) yield* specs.insertVersion(row)
            const expected = sortRows(rows, openApiVersionSortKey, "desc")
            expect(yield* walk((k) => specs.listVersions(spec.id, k), limit, openApiVersionSortKey, expected.length)).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: 15 } }
      )
    })
  })
