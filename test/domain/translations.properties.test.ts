import { describe, expect, it } from "@effect/vitest"
import { canonicalLanguages, canonicalLanguageTag, MAX_LANGUAGE_TAG_LENGTH } from "@quire/core"
import { FastCheck as fc } from "effect"

const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: min, maxLength: max })
const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 3, maxLength: 3 })

/** Well-formed tags by BCP 47's grammar: language, then an optional script and region, in any case. */
const wellFormed = fc
  .tuple(letters(2, 3), fc.option(letters(4, 4), { nil: undefined }), fc.option(fc.oneof(letters(2, 2), digits), { nil: undefined }))
  .map((parts) => parts.filter((part) => part !== undefined).join("-"))

/** Any text, often made of a tag's characters. */
const anyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(..."abcXYZ019-_ x"), maxLength: 20 }),
  wellFormed
)

describe("the language rule", () => {
  it.prop("every tag of the grammar is accepted, in one canonical form whatever its case", [wellFormed], ([tag]) => {
    const canonical = canonicalLanguageTag(tag)
    expect(canonical).toBeDefined()
    expect(canonicalLanguageTag(tag.toUpperCase())).toBe(canonical)
    expect(canonicalLanguageTag(tag.toLowerCase())).toBe(canonical)
  })

  it.prop("a canonical tag is its own canonical form", [anyText], ([text]) => {
    const canonical = canonicalLanguageTag(text)
    if (canonical !== undefined) expect(canonicalLanguageTag(canonical)).toBe(canonical)
  })

  it.prop("a tag with a character outside letters, digits and hyphens, or too long, is refused", [anyText], ([text]) => {
    if (!/^[A-Za-z0-9-]+$/.test(text) || text.length > MAX_LANGUAGE_TAG_LENGTH) expect(canonicalLanguageTag(text)).toBeUndefined()
  })

  it.prop("the stored languages: canonical, each once, in first-seen order, idempotent", [fc.array(anyText, { maxLength: 8 })], ([tags]) => {
    const stored = canonicalLanguages(tags)
    expect(new Set(stored).size).toBe(stored.length)
    expect(canonicalLanguages(stored)).toEqual(stored)
    const firstSeen = [...new Set(tags.map(canonicalLanguageTag).filter((t): t is string => t !== undefined))]
    expect(stored).toEqual(firstSeen)
  })

  it("examples: what is accepted and how it is stored", () => {
    expect(canonicalLanguages(["EN-us", "zh-hant-tw", "iw", "xx", "en-ZZ", "es-419", "en-x-mine"])).toEqual([
      "en-US",
      "zh-Hant-TW",
      "he",
      "xx",
      "en-ZZ",
      "es-419",
      "en-x-mine"
    ])
    // Unicode locale identifiers (what `Intl` takes): no private-use-only or grandfathered tags.
    for (const refused of ["", "en_US", "english!", "e", "en-", "-en", "en--US", "a".repeat(9), "x-private", "i-klingon", "root"]) {
      expect(canonicalLanguageTag(refused), refused).toBeUndefined()
    }
  })
})
