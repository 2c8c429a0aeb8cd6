import { Schema } from "effect"
import { TranslationId } from "../shared/ids.js"

export const TranslationPermissions = Schema.Struct({
  view: Schema.Boolean,
  edit: Schema.Boolean
}).annotations({ identifier: "TranslationSettingsPermissions" })
export interface TranslationPermissions extends Schema.Schema.Type<typeof TranslationPermissions> {}

/**
 * The seed's `TranslationSettings`. The official spec's `Translation` at the same paths is
 * another thing (a machine-translation run); the seed wins (docs/api-notes/translations.md).
 */
export const TranslationSettings = Schema.Struct({
  object: Schema.Literal("translation-settings"),
  id: TranslationId,
  title: Schema.String,
  languages: Schema.Array(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  permissions: TranslationPermissions,
  urls: Schema.Struct({ location: Schema.String })
}).annotations({ identifier: "TranslationSettings" })
export interface TranslationSettings extends Schema.Schema.Type<typeof TranslationSettings> {}
