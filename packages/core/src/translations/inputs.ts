import { Schema } from "effect"
import { lengthBetween } from "../shared/validation.js"
import { canonicalLanguageTag, MAX_LANGUAGE_TAG_LENGTH, MAX_TRANSLATION_LANGUAGES } from "./languages.js"

/** A translation settings' `title`: 1 to this many characters, kept as given (not trimmed). */
export const MAX_TRANSLATION_TITLE_LENGTH = 100

export const TranslationTitle = lengthBetween(1, MAX_TRANSLATION_TITLE_LENGTH)

/** A well-formed BCP 47 language tag (see `canonicalLanguageTag`); it is stored in its canonical form. */
export const LanguageTag = Schema.String.pipe(
  Schema.maxLength(MAX_LANGUAGE_TAG_LENGTH, { message: () => `must be at most ${MAX_LANGUAGE_TAG_LENGTH} characters` }),
  Schema.filter((tag) => canonicalLanguageTag(tag) !== undefined, {
    message: () => "must be a well-formed BCP 47 language tag, such as en, fr-CA or zh-Hant"
  })
).annotations({ description: "A BCP 47 language tag" })

export const TranslationLanguages = Schema.Array(LanguageTag).pipe(
  Schema.maxItems(MAX_TRANSLATION_LANGUAGES, { message: () => `must hold at most ${MAX_TRANSLATION_LANGUAGES} languages` })
)

/** The body of `createTranslation` and of `updateTranslation` (a replacement: no `languages` means none). */
export const TranslationInput = Schema.Struct({
  title: TranslationTitle,
  languages: Schema.optional(TranslationLanguages)
})
export type TranslationInput = typeof TranslationInput.Encoded
