import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { CustomFieldId, OrganizationId, SpaceId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { CustomFieldRecord, CustomFieldValueData, CustomFieldValueRecord, SpaceCustomFieldValue } from "./CustomFieldRecord.js"

export class CustomFieldRepository extends Context.Tag("@quire/core/CustomFieldRepository")<
  CustomFieldRepository,
  {
    /** A name taken in the organization is a bug in the caller (the service looks first). */
    readonly insert: (field: CustomFieldRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (field: CustomFieldRecord) => Effect.Effect<void, never, Authorized>
    /** Deletes the field and its value in every space. */
    readonly delete: (id: CustomFieldId) => Effect.Effect<void, never, Authorized>
    readonly findByName: (
      organizationId: OrganizationId,
      name: string
    ) => Effect.Effect<Option.Option<CustomFieldRecord>, never, Authorized>
    /** The fields of these names that the organization has, in any order. */
    readonly findByNames: (
      organizationId: OrganizationId,
      names: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<CustomFieldRecord>, never, Authorized>
    /** By name ascending. */
    readonly list: (organizationId: OrganizationId, keyset: Keyset) => Effect.Effect<Slice<CustomFieldRecord>, never, Authorized>
    /** Every value of one field, whatever the space (to check a change of its options). */
    readonly valuesOfField: (id: CustomFieldId) => Effect.Effect<ReadonlyArray<CustomFieldValueRecord>, never, Authorized>
    /** A space's values with their fields, by field name ascending. */
    readonly spaceValues: (spaceId: SpaceId) => Effect.Effect<ReadonlyArray<SpaceCustomFieldValue>, never, Authorized>
    readonly setValue: (value: CustomFieldValueRecord) => Effect.Effect<void, never, Authorized>
    readonly deleteValue: (spaceId: SpaceId, fieldId: CustomFieldId) => Effect.Effect<void, never, Authorized>
    /** Makes these the space's only values (a duplicate's copy, a transfer's carried values). */
    readonly replaceSpaceValues: (
      spaceId: SpaceId,
      values: ReadonlyArray<{ readonly fieldId: CustomFieldId; readonly value: CustomFieldValueData }>
    ) => Effect.Effect<void, never, Authorized>
  }
>() {}

export const customFieldSortKey = (field: CustomFieldRecord) => [field.name]
