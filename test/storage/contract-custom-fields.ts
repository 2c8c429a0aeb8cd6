import {
  type CustomFieldId,
  type CustomFieldRecord,
  CustomFieldRepository,
  customFieldSortKey,
  type OrganizationId,
  SpaceRepository,
  type SpaceId
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, FastCheck as fc, Option } from "effect"
import { at, makeSpace, newId, type StorageLayer, sortRows, storedOrganization, walk } from "./contract-fixtures.js"

const makeField = (organizationId: OrganizationId, over: Partial<CustomFieldRecord> = {}): CustomFieldRecord => ({
  id: newId<CustomFieldId>(),
  organizationId,
  name: `field-${newId<string>().toLowerCase()}`,
  type: "text",
  title: null,
  description: null,
  placeholder: null,
  options: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...over
})

/** A space stored in `organizationId`. */
const storedSpaceIn = (organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const space = makeSpace(organizationId)
    yield* (yield* SpaceRepository).insert(space)
    return space.id as SpaceId
  })

const valuesByName = (spaceId: SpaceId) =>
  Effect.map(
    Effect.flatMap(CustomFieldRepository, (fields) => fields.spaceValues(spaceId)),
    (values) => values.map((v) => [v.field.name, v.value] as const)
  )

export const customFieldsContract = (storage: StorageLayer) =>
  describe("CustomFieldRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a field comes back as stored, by name in its organization only, updated and deleted", () =>
        Effect.gen(function* () {
          const fields = yield* CustomFieldRepository
          const organization = yield* storedOrganization
          const other = yield* storedOrganization
          const field = makeField(organization, {
            name: "stage",
            type: "single-select",
            title: "Stage",
            description: "Where it is",
            placeholder: "Pick one",
            options: ["draft", "done", "ünïcode ✓"],
            createdAt: at(1),
            updatedAt: at(2)
          })
          yield* fields.insert(field)
          yield* fields.insert(makeField(other, { name: "stage", type: "number" }))
          expect(yield* fields.findByName(organization, "stage")).toStrictEqual(Option.some(field))
          expect(yield* fields.findByName(organization, "Stage")).toStrictEqual(Option.none())
          expect((yield* fields.findByNames(organization, ["stage", "nope"])).map((f) => f.id)).toStrictEqual([field.id])
          expect(yield* fields.findByNames(organization, [])).toStrictEqual([])

          const updated = { ...field, title: null, options: ["draft"], updatedAt: at(3) }
          yield* fields.update(updated)
          expect(yield* fields.findByName(organization, "stage")).toStrictEqual(Option.some(updated))
          yield* fields.delete(field.id)
          expect(yield* fields.findByName(organization, "stage")).toStrictEqual(Option.none())
          expect(Option.isSome(yield* fields.findByName(other, "stage"))).toBe(true)
        })
      )

      it.effect("values of every JSON kind come back as set, by field name; set twice keeps the last; deleted ones go", () =>
        Effect.gen(function* () {
          const fields = yield* CustomFieldRepository
          const organization = yield* storedOrganization
          const spaceId = yield* storedSpaceIn(organization)
          const other = yield* storedSpaceIn(organization)
          const [text, number, flag, choice] = [
            makeField(organization, { name: "d-text" }),
            makeField(organization, { name: "c-number", type: "number" }),
            makeField(organization, { name: "b-flag", type: "boolean" }),
            makeField(organization, { name: "a-choice", type: "multi-select", options: ["x", "y"] })
          ]
          for (const f of [text, number, flag, choice]) yield* fields.insert(f)
          yield* fields.setValue({ spaceId, fieldId: text.id, value: "first" })
          yield* fields.setValue({ spaceId, fieldId: text.id, value: "Ünïcode \"quoted\" ✓" })
          yield* fields.setValue({ spaceId, fieldId: number.id, value: -2.5 })
          yield* fields.setValue({ spaceId, fieldId: flag.id, value: false })
          yield* fields.setValue({ spaceId, fieldId: choice.id, value: ["y", "x"] })
          yield* fields.setValue({ spaceId: other, fieldId: text.id, value: "other" })
          expect(yield* valuesByName(spaceId)).toStrictEqual([
            ["a-choice", ["y", "x"]],
            ["b-flag", false],
            ["c-number", -2.5],
            ["d-text", "Ünïcode \"quoted\" ✓"]
          ])
          expect((yield* fields.spaceValues(spaceId))[0]!.field).toStrictEqual(choice)
          expect(
            sortRows(yield* fields.valuesOfField(text.id), (v) => [v.spaceId]).map((v) => v.value)
          ).toStrictEqual(sortRows([{ spaceId, value: "Ünïcode \"quoted\" ✓" }, { spaceId: other, value: "other" }], (v) => [v.spaceId]).map((v) => v.value))

          yield* fields.deleteValue(spaceId, number.id)
          yield* fields.deleteValue(spaceId, number.id)
          expect((yield* valuesByName(spaceId)).map(([name]) => name)).toStrictEqual(["a-choice", "b-flag", "d-text"])
        })
      )

      it.effect("deleting a field removes its values in every space; purging a space removes that space's values only", () =>
        Effect.gen(function* () {
          const fields = yield* CustomFieldRepository
          const spaces = yield* SpaceRepository
          const organization = yield* storedOrganization
          const [gone, kept] = [yield* storedSpaceIn(organization), yield* storedSpaceIn(organization)]
          const [a, b] = [makeField(organization, { name: "a" }), makeField(organization, { name: "b" })]
          yield* fields.insert(a)
          yield* fields.insert(b)
          for (const spaceId of [gone, kept]) {
            yield* fields.setValue({ spaceId, fieldId: a.id, value: "1" })
            yield* fields.setValue({ spaceId, fieldId: b.id, value: "2" })
          }
          yield* fields.delete(a.id)
          expect(yield* valuesByName(gone)).toStrictEqual([["b", "2"]])
          expect(yield* valuesByName(kept)).toStrictEqual([["b", "2"]])
          expect(yield* fields.valuesOfField(a.id)).toStrictEqual([])

          yield* spaces.purge(gone)
          expect(yield* valuesByName(gone)).toStrictEqual([])
          expect(yield* valuesByName(kept)).toStrictEqual([["b", "2"]])
          expect((yield* fields.valuesOfField(b.id)).map((v) => v.spaceId)).toStrictEqual([kept])
        })
      )

      it.effect("replacing a space's values leaves exactly the given ones, and no other space's change", () =>
        Effect.gen(function* () {
          const fields = yield* CustomFieldRepository
          const organization = yield* storedOrganization
          const [spaceId, other] = [yield* storedSpaceIn(organization), yield* storedSpaceIn(organization)]
          const [a, b, c] = ["a", "b", "c"].map((name) => makeField(organization, { name }))
          for (const f of [a!, b!, c!]) yield* fields.insert(f)
          yield* fields.setValue({ spaceId, fieldId: a!.id, value: "old" })
          yield* fields.setValue({ spaceId, fieldId: b!.id, value: "old" })
          yield* fields.setValue({ spaceId: other, fieldId: a!.id, value: "theirs" })
          yield* fields.replaceSpaceValues(spaceId, [
            { fieldId: b!.id, value: "new" },
            { fieldId: c!.id, value: ["x"] }
          ])
          expect(yield* valuesByName(spaceId)).toStrictEqual([
            ["b", "new"],
            ["c", ["x"]]
          ])
          yield* fields.replaceSpaceValues(spaceId, [])
          expect(yield* valuesByName(spaceId)).toStrictEqual([])
          expect(yield* valuesByName(other)).toStrictEqual([["a", "theirs"]])
        })
      )

      it.effect.prop(
        "a walk over an organization's fields gives each once, by name, with the total",
        [
          fc.uniqueArray(fc.string({ unit: fc.constantFrom("a", "b", "_", "-", "0"), minLength: 1, maxLength: 4 }), { maxLength: 12 }),
          fc.integer({ min: 1, max: 4 })
        ],
        ([names, limit]) =>
          Effect.gen(function* () {
            const fields = yield* CustomFieldRepository
            const organization = yield* storedOrganization
            const other = yield* storedOrganization
            yield* fields.insert(makeField(other, { name: "a" }))
            const stored = names.map((name, i) => makeField(organization, { name, createdAt: at(names.length - i) }))
            for (const f of stored) yield* fields.insert(f)
            const walked = yield* walk((keyset) => fields.list(organization, keyset), limit, customFieldSortKey, stored.length)
            expect(walked).toStrictEqual(sortRows(stored, customFieldSortKey))
          }),
        { fastCheck: { numRuns: 15 } }
      )
    })
  })
