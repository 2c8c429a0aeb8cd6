/** At most this many languages in one translation settings' `languages`. */
export const MAX_TRANSLATION_LANGUAGES = 100

/** A language tag longer than this is refused before it is parsed (BCP 47 asks at least 35 to be supported). */
export const MAX_LANGUAGE_TAG_LENGTH = 64

/**
 * The canonical form of a well-formed BCP 47 language tag, as `Intl.getCanonicalLocales` gives
 * it (`en-us` → `en-US`, `iw` → `he`), or `undefined` for a tag that is not well-formed. Only
 * the form is checked, not that the language exists: `xx` and `en-ZZ` are accepted.
 */
export const canonicalLanguageTag = (tag: string): string | undefined => {
  if (tag.length === 0 || tag.length > MAX_LANGUAGE_TAG_LENGTH) return undefined
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/**
 * The languages to store for well-formed `tags`: each in its canonical form, a tag that is the
 * same language as one before it dropped, in the order given. Idempotent.
 */
export const canonicalLanguages = (tags: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  for (const tag of tags) {
    const canonical = canonicalLanguageTag(tag)
    if (canonical !== undefined) seen.add(canonical)
  }
  return [...seen]
}
