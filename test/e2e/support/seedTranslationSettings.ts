/**
 * The seed's `TranslationSettings` as a JSON schema: what Quire answers at the official
 * translations paths. The official spec's `Translation` there is another resource (a machine
 * translation of a source, with `source`, `language`, `status`, `stats`), and the issue asks for
 * the seed's paths and shapes, so `officialSpec.ts` holds these operations' successes to this
 * schema instead (docs/api-notes/translations.md). Errors keep the official error body.
 */
export const seedTranslationSettings = {
  type: "object",
  additionalProperties: false,
  required: ["object", "id", "title", "languages", "createdAt", "updatedAt", "permissions", "urls"],
  properties: {
    object: { const: "translation-settings" },
    id: { type: "string", minLength: 1 },
    title: { type: "string", minLength: 1, maxLength: 100 },
    languages: { type: "array", items: { type: "string", minLength: 1 } },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
    permissions: {
      type: "object",
      additionalProperties: false,
      required: ["view", "edit"],
      properties: { view: { type: "boolean" }, edit: { type: "boolean" } }
    },
    urls: {
      type: "object",
      additionalProperties: false,
      required: ["location"],
      properties: { location: { type: "string", format: "uri" } }
    }
  }
} as const

/** The seed's list envelope of them (the official `List` with these items). */
const seedTranslationSettingsList = {
  type: "object",
  additionalProperties: false,
  required: ["count", "items"],
  properties: {
    next: { type: "object", required: ["page"], properties: { page: { type: "string" } } },
    count: { type: "number" },
    items: { type: "array", items: seedTranslationSettings }
  }
} as const

/** The success bodies held to the seed's shape instead of the official spec's, by operationId and status. */
export const seedShapedSuccesses: Readonly<Record<string, Readonly<Record<number, object>>>> = {
  listTranslations: { 200: seedTranslationSettingsList },
  createTranslation: { 201: seedTranslationSettings },
  getTranslation: { 200: seedTranslationSettings },
  updateTranslation: { 200: seedTranslationSettings }
}
