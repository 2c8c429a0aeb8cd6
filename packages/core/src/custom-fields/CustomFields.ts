import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, InvalidInput, NotFound } from "../shared/errors.js"
import { type CustomFieldId, makeId, type OrganizationId, type SpaceId, type UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { CustomFieldRecord, CustomFieldValueData } from "../storage/custom-fields/CustomFieldRecord.js"
import { CustomFieldRepository, customFieldSortKey } from "../storage/custom-fields/CustomFieldRepository.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { Storage } from "../storage/Storage.js"
import { customFieldPermissions } from "./customFieldPermissions.js"
import { CreateCustomFieldInput, UpdateCustomFieldInput, UpdateSpaceCustomFieldValuesInput } from "./inputs.js"
import { renderCustomField, renderCustomFieldValue } from "./render.js"
import { optionsProblem, valueProblem } from "./valueRule.js"

export class CustomFields extends Effect.Service<CustomFields>()("@quire/core/CustomFields", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const fields = yield* CustomFieldRepository
    const events = yield* Events
    const urls = yield* Urls

    const command = authorizedCommand(storage)

    const render = (member: MemberRecord, field: CustomFieldRecord) =>
      renderCustomField(urls, field, customFieldPermissions(member))

    const findField = (organizationId: OrganizationId, name: string) =>
      Effect.flatMap(
        fields.findByName(organizationId, name),
        Option.match({ onNone: () => Effect.fail(NotFound.of("Custom field", name)), onSome: Effect.succeed })
      )

    const appendEvent = (
      type: EventType,
      organizationId: OrganizationId,
      spaceId: SpaceId | null,
      actor: UserId,
      payload: Record<string, string | ReadonlyArray<string>>,
      at: string
    ) => events.append({ type, organizationId, spaceId, actor, at, payload })

    /** The organization's fields, by name; any member sees them. */
    const list = (organizationId: OrganizationId, request: PageRequest = {}) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const grant = yield* access.organization(organizationId)
          const slice = yield* fields.list(organizationId, keyset)
          return toPage(keyset, slice, customFieldSortKey, (field) => render(grant.member, field))
        })
      )

    const create = (organizationId: OrganizationId, input: CreateCustomFieldInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateCustomFieldInput)(input)
          const problem = optionsProblem(valid.type, valid.options)
          if (problem !== undefined) return yield* Effect.fail(InvalidInput.of("options", problem))
          const grant = yield* access.organization(organizationId, "admin", "create custom fields")
          if (Option.isSome(yield* fields.findByName(organizationId, valid.name))) {
            return yield* Effect.fail(
              new Conflict({ message: `A custom field named "${valid.name}" already exists in this organization` })
            )
          }
          const at = yield* now
          const field: CustomFieldRecord = {
            id: yield* makeId<CustomFieldId>(),
            organizationId,
            name: valid.name,
            type: valid.type,
            title: valid.title ?? null,
            description: valid.description ?? null,
            placeholder: valid.placeholder ?? null,
            options: valid.options ?? null,
            createdAt: at,
            updatedAt: at
          }
          yield* fields.insert(field)
          yield* appendEvent("custom_field.created", organizationId, null, grant.member.userId, { customFieldId: field.id, name: field.name }, at)
          return render(grant.member, field)
        })
      )

    const get = (organizationId: OrganizationId, name: string) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* access.organization(organizationId)
          return render(grant.member, yield* findField(organizationId, name))
        })
      )

    /** Refuses options that drop one a space has chosen: the space's value would no longer be valid. */
    const ensureOptionsKept = (field: CustomFieldRecord, options: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const kept = new Set(options)
        const dropped = (field.options ?? []).filter((option) => !kept.has(option))
        if (dropped.length === 0) return
        const values = yield* fields.valuesOfField(field.id)
        for (const option of dropped) {
          const spaces = values.filter((v) => Array.isArray(v.value) && v.value.includes(option)).length
          if (spaces > 0) {
            return yield* Effect.fail(
              InvalidInput.of("options", `"${option}" is chosen in ${spaces} space(s); clear it there before removing it`)
            )
          }
        }
      })

    /** Changes `title`, `description`, `placeholder` and the options of a select field. */
    const update = (organizationId: OrganizationId, name: string, input: UpdateCustomFieldInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateCustomFieldInput)(input)
          const grant = yield* access.organization(organizationId, "admin", "update custom fields")
          const current = yield* findField(organizationId, name)
          if (valid.options !== undefined) {
            const problem = optionsProblem(current.type, valid.options)
            if (problem !== undefined) return yield* Effect.fail(InvalidInput.of("options", problem))
            yield* ensureOptionsKept(current, valid.options)
          }
          const at = yield* now
          const next: CustomFieldRecord = {
            ...current,
            title: valid.title ?? current.title,
            description: valid.description ?? current.description,
            placeholder: valid.placeholder ?? current.placeholder,
            options: valid.options ?? current.options,
            updatedAt: at
          }
          yield* fields.update(next)
          yield* appendEvent("custom_field.updated", organizationId, null, grant.member.userId, { customFieldId: next.id, name }, at)
          return render(grant.member, next)
        })
      )

    /** Deletes the field and its value in every space. */
    const remove = (organizationId: OrganizationId, name: string) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.organization(organizationId, "admin", "delete custom fields")
          const field = yield* findField(organizationId, name)
          yield* fields.delete(field.id)
          yield* appendEvent("custom_field.deleted", organizationId, null, grant.member.userId, { customFieldId: field.id, name }, yield* now)
        })
      )

    /** The space's values (only the fields it has a value for), by field name; whoever sees the space reads them. */
    const spaceValues = (spaceId: SpaceId) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* access.space(spaceId)
          const values = yield* fields.spaceValues(spaceId)
          const permissions = customFieldPermissions(grant.member)
          return values.map((entry) => renderCustomFieldValue(urls, entry, permissions))
        })
      )

    /**
     * Sets (or, with `{ value: null }`, clears) the space's values of the named fields: every
     * name and value is checked first, and one refusal writes nothing. For the space's admins.
     */
    const updateSpaceValues = (spaceId: SpaceId, input: UpdateSpaceCustomFieldValuesInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSpaceCustomFieldValuesInput)(input)
          const grant = yield* access.activeSpace(spaceId, "admin", "update the custom fields of this space")
          const organizationId = grant.record.organizationId
          const entries = Object.entries(valid.values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          const known = new Map(
            (yield* fields.findByNames(organizationId, entries.map(([name]) => name))).map((field) => [field.name, field])
          )
          const changes: Array<{ readonly field: CustomFieldRecord; readonly value: CustomFieldValueData | null }> = []
          for (const [name, { value }] of entries) {
            const field = known.get(name)
            const at = `values.${name}.value`
            if (field === undefined) {
              return yield* Effect.fail(InvalidInput.of(at, `there is no custom field "${name}" in this organization`))
            }
            const problem = value === null ? undefined : valueProblem(field, value)
            if (problem !== undefined) return yield* Effect.fail(InvalidInput.of(at, problem))
            changes.push({ field, value })
          }
          for (const { field, value } of changes) {
            if (value === null) yield* fields.deleteValue(spaceId, field.id)
            else yield* fields.setValue({ spaceId, fieldId: field.id, value })
          }
          if (changes.length > 0) {
            yield* appendEvent(
              "space.custom_fields_updated",
              organizationId,
              spaceId,
              grant.member.userId,
              { names: changes.map((c) => c.field.name) },
              yield* now
            )
          }
        })
      )

    return { list, create, get, update, remove, spaceValues, updateSpaceValues } as const
  }),
  dependencies: [Access.Default]
}) {}
