import type { Urls } from "../shared/Urls.js"
import type { CustomFieldRecord, SpaceCustomFieldValue } from "../storage/custom-fields/CustomFieldRecord.js"
import type { CustomField, CustomFieldPermissions, CustomFieldValue } from "./CustomField.js"

export const customFieldPath = (field: Pick<CustomFieldRecord, "organizationId" | "name">): string =>
  `/orgs/${field.organizationId}/custom-fields/${encodeURIComponent(field.name)}`

export const renderCustomField = (
  urls: Urls["Type"],
  field: CustomFieldRecord,
  permissions: CustomFieldPermissions
): CustomField => ({
  object: "custom-field",
  id: field.id,
  name: field.name,
  title: field.title ?? undefined,
  description: field.description ?? undefined,
  type: field.type,
  placeholder: field.placeholder ?? undefined,
  options: field.options ?? undefined,
  createdAt: field.createdAt,
  updatedAt: field.updatedAt,
  urls: { location: urls.api(customFieldPath(field)) },
  permissions
})

export const renderCustomFieldValue = (
  urls: Urls["Type"],
  entry: SpaceCustomFieldValue,
  permissions: CustomFieldPermissions
): CustomFieldValue => ({ customField: renderCustomField(urls, entry.field, permissions), value: entry.value })
