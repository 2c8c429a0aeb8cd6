/**
 * The custom fields service on memory storage: definitions (roles, limits, immutable name and
 * type, options in use), a space's values (all or nothing, clearing, roles), and what a space's
 * duplicate, transfer and deletion do to them.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  type CollectionId,
  Collections,
  CustomFieldRepository,
  CustomFields,
  Events,
  type OrganizationId,
  type SpaceId,
  Spaces,
  type UserRecord
} from "@quire/core"
import { Effect, Layer } from "effect"
import { as, contentLayer, expectInvalid, expectTag, newOrganization, newWorld } from "../support/content.js"

const layer = CustomFields.Default.pipe(Layer.provideMerge(contentLayer))
const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const everything = { after: undefined, limit: 100_000 }

/** The organization's fields and the values of some spaces, read straight from the port. */
const fieldState = (organizationId: OrganizationId, spaces: ReadonlyArray<SpaceId>) =>
  Effect.gen(function* () {
    const repository = yield* CustomFieldRepository
    const fields = yield* repository.list(organizationId, everything)
    const values = yield* Effect.forEach(spaces, (id) => repository.spaceValues(id))
    return { fields: fields.rows, values }
  })

/** The space's values as `name -> value`, as its reader sees them. */
const valuesOf = (spaceId: SpaceId, user: UserRecord) =>
  Effect.map(
    Effect.flatMap(CustomFields, (fields) => as(user)(fields.spaceValues(spaceId))),
    (values) => Object.fromEntries(values.map((v) => [v.customField.name, v.value]))
  )

/** An organization with one field of each type and a space. */
const withFields = Effect.gen(function* () {
  const w = yield* newWorld
  const fields = yield* CustomFields
  const spaces = yield* Spaces
  const create = (input: Parameters<CustomFields["create"]>[1]) => as(w.admin)(fields.create(w.org, input))
  yield* create({ name: "owner", type: "text", title: "Owner", placeholder: "Who looks after it" })
  yield* create({ name: "priority", type: "number" })
  yield* create({ name: "public", type: "boolean" })
  yield* create({ name: "stage", type: "single-select", options: ["draft", "review", "done"] })
  yield* create({ name: "audience", type: "multi-select", options: ["devs", "ops", "sales"] })
  const space = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))
  return { w, fields, spaces, spaceId: space.id as SpaceId }
})

describe("CustomFields: definitions", () => {
  test("an admin creates a field; members see it with view only, admins with edit", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const fields = yield* CustomFields
      const created = yield* as(w.admin)(
        fields.create(w.org, { name: "owner-team_2", type: "text", title: "Owner", description: "Who", placeholder: "A team" })
      )
      expect(created).toMatchObject({
        object: "custom-field",
        name: "owner-team_2",
        type: "text",
        title: "Owner",
        description: "Who",
        placeholder: "A team",
        urls: { location: `http://quire.test/v1/orgs/${w.org}/custom-fields/owner-team_2` },
        permissions: { view: true, edit: true }
      })
      expect(created.options).toBeUndefined()
      expect(created.createdAt).toBe(created.updatedAt)
      for (const member of [w.creator, w.editor, w.reader, w.guest]) {
        expect(yield* as(member)(fields.get(w.org, "owner-team_2"))).toEqual({ ...created, permissions: { view: true, edit: false } })
      }
      expect((yield* as(w.reader)(fields.list(w.org))).items.map((f) => f.name)).toEqual(["owner-team_2"])
      yield* expectTag(as(w.outsider)(fields.get(w.org, "owner-team_2")), "NotFound")
      yield* expectTag(as(w.outsider)(fields.list(w.org)), "NotFound")
      yield* expectTag(as(w.admin)(fields.get(w.org, "nope")), "NotFound")
    }))

  test("only admins create, update and delete; others get Forbidden naming the action, outsiders NotFound", () =>
    Effect.gen(function* () {
      const { w, fields } = yield* withFields
      for (const member of [w.creator, w.editor, w.reviewer, w.commenter, w.reader, w.guest]) {
        const refused = yield* Effect.flip(as(member)(fields.create(w.org, { name: "x", type: "text" })))
        expect(refused).toMatchObject({ _tag: "Forbidden" })
        expect(refused.message).toContain("create custom fields")
        yield* expectTag(as(member)(fields.update(w.org, "owner", { title: "T" })), "Forbidden")
        yield* expectTag(as(member)(fields.remove(w.org, "owner")), "Forbidden")
      }
      yield* expectTag(as(w.outsider)(fields.create(w.org, { name: "x", type: "text" })), "NotFound")
      yield* expectTag(as(w.outsider)(fields.update(w.org, "owner", { title: "T" })), "NotFound")
      yield* expectTag(as(w.outsider)(fields.remove(w.org, "owner")), "NotFound")
      expect((yield* as(w.admin)(fields.get(w.org, "owner"))).title).toBe("Owner")
    }))

  test("a name is unique in its organization, not across organizations", () =>
    Effect.gen(function* () {
      const { w, fields } = yield* withFields
      yield* expectTag(as(w.admin)(fields.create(w.org, { name: "owner", type: "number" })), "Conflict")
      const other = yield* newOrganization(w.admin, "Other")
      expect((yield* as(w.admin)(fields.create(other, { name: "owner", type: "number" }))).type).toBe("number")
      expect((yield* as(w.admin)(fields.get(w.org, "owner"))).type).toBe("text")
    }))

  test("limits and type rules are InvalidInput naming the field, and write nothing", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      const before = yield* fieldState(w.org, [spaceId])
      const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`)
      const createCases: Array<[unknown, string]> = [
        [{ name: "Owner", type: "text" }, "name"],
        [{ name: "", type: "text" }, "name"],
        [{ name: "x".repeat(51), type: "text" }, "name"],
        [{ name: "a b", type: "text" }, "name"],
        [{ name: "x", type: "date" }, "type"],
        [{ name: "x" }, "type"],
        [{ name: "x", type: "text", title: "t".repeat(101) }, "title"],
        [{ name: "x", type: "text", description: "d".repeat(201) }, "description"],
        [{ name: "x", type: "text", placeholder: "p".repeat(101) }, "placeholder"],
        [{ name: "x", type: "single-select", options: [] }, "options"],
        [{ name: "x", type: "single-select", options: options(51) }, "options"],
        [{ name: "x", type: "single-select", options: ["a", "a"] }, "options"],
        [{ name: "x", type: "single-select", options: [""] }, "options[0]"],
        [{ name: "x", type: "multi-select", options: ["o".repeat(101)] }, "options[0]"],
        [{ name: "x", type: "single-select" }, "options"],
        [{ name: "x", type: "text", options: ["a"] }, "options"],
        [{ name: "x", type: "boolean", options: ["a"] }, "options"]
      ]
      for (const [input, field] of createCases) yield* expectInvalid(as(w.admin)(fields.create(w.org, input as never)), field)
      const updateCases: Array<[string, unknown, string]> = [
        ["owner", { name: "renamed" }, "name"],
        ["owner", { type: "number" }, "type"],
        ["owner", { title: "t".repeat(101) }, "title"],
        ["owner", { description: "d".repeat(201) }, "description"],
        ["owner", { options: ["a"] }, "options"],
        ["stage", { options: [] }, "options"],
        ["stage", { options: options(51) }, "options"]
      ]
      for (const [name, input, field] of updateCases) {
        yield* expectInvalid(as(w.admin)(fields.update(w.org, name, input as never)), field)
      }
      expect(yield* fieldState(w.org, [spaceId])).toEqual(before)
      // The bounds themselves are accepted.
      const longest = yield* as(w.admin)(
        fields.create(w.org, { name: "n".repeat(50), type: "multi-select", title: "t".repeat(100), description: "d".repeat(200), options: options(50) })
      )
      expect(longest.options).toHaveLength(50)
    }))

  test("an update changes title, description, placeholder and options, and keeps name, type and id", () =>
    Effect.gen(function* () {
      const { w, fields } = yield* withFields
      const before = yield* as(w.admin)(fields.get(w.org, "stage"))
      const after = yield* as(w.admin)(
        fields.update(w.org, "stage", { title: "Stage", description: "Where it is", placeholder: "Pick", options: ["draft", "review", "done", "archived"] })
      )
      expect(after).toMatchObject({ id: before.id, name: "stage", type: "single-select", title: "Stage", description: "Where it is", placeholder: "Pick" })
      expect(after.options).toEqual(["draft", "review", "done", "archived"])
      expect(yield* as(w.reader)(fields.get(w.org, "stage"))).toMatchObject({ title: "Stage", options: after.options })
      expect((yield* as(w.admin)(fields.update(w.org, "stage", {}))).title).toBe("Stage")
    }))

  test("dropping an option a space has chosen is refused naming options; an unused one may go", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { stage: { value: ["review"] }, audience: { value: ["ops"] } } }))
      yield* expectInvalid(as(w.admin)(fields.update(w.org, "stage", { options: ["draft", "done"] })), "options")
      yield* expectInvalid(as(w.admin)(fields.update(w.org, "audience", { options: ["devs"] })), "options")
      expect((yield* as(w.admin)(fields.update(w.org, "stage", { options: ["review", "later"] }))).options).toEqual(["review", "later"])
      expect(yield* valuesOf(spaceId, w.reader)).toMatchObject({ stage: ["review"] })
    }))

  test("lists walk the fields by name, every one once", () =>
    Effect.gen(function* () {
      const { w, fields } = yield* withFields
      const names: Array<string> = []
      let page: string | undefined
      do {
        const result = yield* as(w.guest)(fields.list(w.org, { limit: 2, page }))
        expect(result.count).toBe(5)
        names.push(...result.items.map((f) => f.name))
        page = result.next?.page
      } while (page !== undefined)
      expect(names).toEqual(["audience", "owner", "priority", "public", "stage"])
      yield* expectInvalid(as(w.admin)(fields.list(w.org, { limit: 0 })), "limit")
    }))

  test("each write appends its event", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      yield* as(w.admin)(fields.update(w.org, "owner", { title: "Owner 2" }))
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "ops" } } }))
      yield* as(w.admin)(fields.remove(w.org, "owner"))
      const events = yield* Effect.flatMap(Events, (e) => e.readAfter(0, 1000))
      const types = events.map((e) => e.type).filter((t) => t.startsWith("custom_field") || t === "space.custom_fields_updated")
      expect(types).toEqual([...Array(5).fill("custom_field.created"), "custom_field.updated", "space.custom_fields_updated", "custom_field.deleted"])
    }))
})

describe("CustomFields: a space's values", () => {
  test("values of every type are set, read back by field name, and cleared with null", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      expect(yield* as(w.reader)(fields.spaceValues(spaceId))).toEqual([])
      yield* as(w.admin)(
        fields.updateSpaceValues(spaceId, {
          values: {
            owner: { value: "Docs team" },
            priority: { value: 2.5 },
            public: { value: false },
            stage: { value: ["review"] },
            audience: { value: ["devs", "ops"] }
          }
        })
      )
      const listed = yield* as(w.reader)(fields.spaceValues(spaceId))
      expect(listed.map((v) => v.customField.name)).toEqual(["audience", "owner", "priority", "public", "stage"])
      expect(listed[1]).toMatchObject({ customField: { object: "custom-field", name: "owner", permissions: { view: true, edit: false } }, value: "Docs team" })
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({
        owner: "Docs team",
        priority: 2.5,
        public: false,
        stage: ["review"],
        audience: ["devs", "ops"]
      })
      yield* as(w.creator)(fields.updateSpaceValues(spaceId, { values: { owner: { value: null }, priority: { value: -1 } } }))
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({ priority: -1, public: false, stage: ["review"], audience: ["devs", "ops"] })
      // Clearing a field that has no value changes nothing.
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: null } } }))
      expect(Object.keys(yield* valuesOf(spaceId, w.reader))).toHaveLength(4)
    }))

  test("an unknown field or a wrong value is InvalidInput naming values.<name>.value, and nothing is written", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "kept" } } }))
      const before = yield* fieldState(w.org, [spaceId])
      const cases: Array<[string, unknown]> = [
        ["nope", "x"],
        ["owner", "x".repeat(257)],
        ["owner", 5],
        ["priority", "5"],
        ["public", "true"],
        ["public", 1],
        ["stage", ["draft", "done"]],
        ["stage", ["unknown"]],
        ["stage", "draft"],
        ["audience", ["devs", "devs"]],
        ["audience", ["hr"]],
        ["audience", true]
      ]
      for (const [name, value] of cases) {
        const input = { values: { owner: { value: "changed" }, priority: { value: 7 }, [name]: { value } } }
        yield* expectInvalid(as(w.admin)(fields.updateSpaceValues(spaceId, input as never)), `values.${name}.value`)
      }
      expect(yield* fieldState(w.org, [spaceId])).toEqual(before)
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "x".repeat(256) } } }))
      expect((yield* valuesOf(spaceId, w.reader)).owner).toHaveLength(256)
    }))

  test("space admins write values; lower levels get Forbidden, those who cannot see the space NotFound", () =>
    Effect.gen(function* () {
      const { w, fields, spaceId } = yield* withFields
      const input = { values: { owner: { value: "someone" } } }
      for (const member of [w.editor, w.reviewer, w.commenter, w.reader]) {
        const refused = yield* Effect.flip(as(member)(fields.updateSpaceValues(spaceId, input)))
        expect(refused).toMatchObject({ _tag: "Forbidden" })
        expect(refused.message).toContain("update the custom fields of this space")
        expect(yield* as(member)(fields.spaceValues(spaceId))).toEqual([])
      }
      for (const stranger of [w.guest, w.outsider]) {
        yield* expectTag(as(stranger)(fields.updateSpaceValues(spaceId, input)), "NotFound")
        yield* expectTag(as(stranger)(fields.spaceValues(spaceId)), "NotFound")
      }
      yield* as(w.creator)(fields.updateSpaceValues(spaceId, input))
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({ owner: "someone" })
    }))

  test("deleting a field removes its value in every space", () =>
    Effect.gen(function* () {
      const { w, fields, spaces, spaceId } = yield* withFields
      const second = (yield* as(w.admin)(spaces.create(w.org, { title: "Second" }))).id as SpaceId
      for (const id of [spaceId, second]) {
        yield* as(w.admin)(fields.updateSpaceValues(id, { values: { owner: { value: "a" }, public: { value: true } } }))
      }
      yield* as(w.admin)(fields.remove(w.org, "owner"))
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({ public: true })
      expect(yield* valuesOf(second, w.reader)).toEqual({ public: true })
      yield* expectTag(as(w.admin)(fields.remove(w.org, "owner")), "NotFound")
      // A new field of the same name starts without values.
      yield* as(w.admin)(fields.create(w.org, { name: "owner", type: "text" }))
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({ public: true })
    }))

  test("a duplicate copies the values; the copy's values then change on their own", () =>
    Effect.gen(function* () {
      const { w, fields, spaces, spaceId } = yield* withFields
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "a" }, stage: { value: ["done"] } } }))
      const copy = (yield* as(w.admin)(spaces.duplicate(spaceId))).id as SpaceId
      expect(yield* valuesOf(copy, w.reader)).toEqual({ owner: "a", stage: ["done"] })
      yield* as(w.admin)(fields.updateSpaceValues(copy, { values: { owner: { value: "b" } } }))
      expect((yield* valuesOf(spaceId, w.reader)).owner).toBe("a")
    }))

  test("a transfer keeps only the values whose field the target has by name and accepts", () =>
    Effect.gen(function* () {
      const { w, fields, spaces, spaceId } = yield* withFields
      yield* as(w.admin)(
        fields.updateSpaceValues(spaceId, {
          values: { owner: { value: "a" }, priority: { value: 3 }, public: { value: true }, stage: { value: ["review"] }, audience: { value: ["ops"] } }
        })
      )
      const target = yield* newOrganization(w.admin, "Target")
      const create = (input: Parameters<CustomFields["create"]>[1]) => as(w.admin)(fields.create(target, input))
      yield* create({ name: "owner", type: "text" })
      yield* create({ name: "priority", type: "boolean" })
      yield* create({ name: "stage", type: "single-select", options: ["draft", "review"] })
      yield* create({ name: "audience", type: "multi-select", options: ["devs"] })
      yield* as(w.admin)(spaces.transfer(spaceId, { organization: target }))
      const after = yield* as(w.admin)(fields.spaceValues(spaceId))
      expect(Object.fromEntries(after.map((v) => [v.customField.name, v.value]))).toEqual({ owner: "a", stage: ["review"] })
      const targetOwner = yield* as(w.admin)(fields.get(target, "owner"))
      expect(after.find((v) => v.customField.name === "owner")?.customField.id).toBe(targetOwner.id)
      // The source organization's fields are untouched.
      expect((yield* as(w.admin)(fields.list(w.org))).count).toBe(5)
    }))

  test("a collection's transfer carries its spaces' values the same way", () =>
    Effect.gen(function* () {
      const { w, fields, spaces } = yield* withFields
      const collections = yield* Collections
      const collection = yield* as(w.admin)(collections.create(w.org, { title: "Moving" }))
      const nested = yield* as(w.admin)(collections.create(w.org, { title: "Nested", parent: collection.id }))
      const inside = (yield* as(w.admin)(spaces.create(w.org, { title: "Inside", parent: nested.id }))).id as SpaceId
      yield* as(w.admin)(fields.updateSpaceValues(inside, { values: { owner: { value: "a" }, priority: { value: 1 } } }))
      const target = yield* newOrganization(w.admin, "Target")
      yield* as(w.admin)(fields.create(target, { name: "owner", type: "text" }))
      yield* as(w.admin)(collections.transfer(collection.id as CollectionId, { organization: target }))
      const after = yield* as(w.admin)(fields.spaceValues(inside))
      expect(after.map((v) => [v.customField.name, v.value, v.customField.id])).toEqual([
        ["owner", "a", (yield* as(w.admin)(fields.get(target, "owner"))).id]
      ])
    }))

  test("a deleted space keeps its values for its restore but refuses changes", () =>
    Effect.gen(function* () {
      const { w, fields, spaces, spaceId } = yield* withFields
      yield* as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "a" } } }))
      yield* as(w.admin)(spaces.remove(spaceId))
      yield* expectTag(as(w.admin)(fields.updateSpaceValues(spaceId, { values: { owner: { value: "b" } } })), "Conflict")
      yield* as(w.admin)(spaces.restore(spaceId))
      expect(yield* valuesOf(spaceId, w.reader)).toEqual({ owner: "a" })
    }))
})
