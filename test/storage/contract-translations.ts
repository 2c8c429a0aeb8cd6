import {
  type OrganizationId,
  type TranslationId,
  type TranslationRecord,
  TranslationRepository,
  translationSortKey
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import { at, newId, sortRows, type StorageLayer, storedOrganizationPair, walk } from "./contract-fixtures.js"

const makeTranslation = (organizationId: OrganizationId, over: Partial<TranslationRecord> = {}): TranslationRecord => ({
  id: newId<TranslationId>(),
  organizationId,
  title: "Translations",
  languages: [],
  createdAt: at(0),
  updatedAt: at(0),
  ...over
})


export const translationsContract = (storage: StorageLayer) =>
  describe("TranslationRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("translation settings come back as stored, updated, only in their organization, and deleted", () =>
        Effect.gen(function* () {
          const translations = yield* TranslationRepository
          const { organization, foreign } = yield* storedOrganizationPair
          const french = makeTranslation(organization.id, { title: "Français — ✓", languages: ["fr", "fr-CA", "zh-Hant-TW"] })
          const kept = makeTranslation(organization.id, { title: "Kept" })
          yield* translations.insert(french)
          yield* translations.insert(kept)
          expect(yield* translations.find(organization.id, french.id)).toStrictEqual(Option.some(french))
          expect(yield* translations.find(foreign.id, french.id)).toStrictEqual(Option.none())

          const changed = { ...french, title: "French", languages: ["de", "fr"], updatedAt: at(9) }
          yield* translations.update(changed)
          expect(yield* translations.find(organization.id, french.id)).toStrictEqual(Option.some(changed))
          const emptied = { ...changed, languages: [] }
          yield* translations.update(emptied)
          expect(yield* translations.find(organization.id, french.id)).toStrictEqual(Option.some(emptied))

          yield* translations.delete(french.id)
          expect(yield* translations.find(organization.id, french.id)).toStrictEqual(Option.none())
          expect(yield* translations.find(organization.id, kept.id)).toStrictEqual(Option.some(kept))
        })
      )

      it.effect.prop(
        "list walks every row of the organization once, by (createdAt, id), with the total",
        [fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 8 }), fc.integer({ min: 1, max: 4 })],
        ([created, limit]) =>
          Effect.gen(function* () {
            const translations = yield* TranslationRepository
            const { organization, foreign } = yield* storedOrganizationPair
            yield* translations.insert(makeTranslation(foreign.id))
            const rows = created.map((seconds, i) =>
              makeTranslation(organization.id, { title: `T${i}`, languages: [`x-t${i}`], createdAt: at(seconds) })
            )
            for (const row of rows) yield* translations.insert(row)
            const expected = sortRows(rows, translationSortKey)
            const listed = yield* walk((k) => translations.list(organization.id, k), limit, translationSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: 15 } }
      )
    })
  })
