import type { Urls } from "../shared/Urls.js"
import type { TranslationRecord } from "../storage/translations/TranslationRecord.js"
import type { TranslationPermissions, TranslationSettings } from "./TranslationSettings.js"

export const translationPath = (t: Pick<TranslationRecord, "organizationId" | "id">) =>
  `/orgs/${t.organizationId}/translations/${t.id}`

export const renderTranslation = (
  urls: Urls["Type"],
  record: TranslationRecord,
  permissions: TranslationPermissions
): TranslationSettings => ({
  object: "translation-settings",
  id: record.id,
  title: record.title,
  languages: record.languages,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  permissions,
  urls: { location: urls.api(translationPath(record)) }
})
