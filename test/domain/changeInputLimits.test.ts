import { describe, expect, it } from "@effect/vitest"
import { InvalidInput, ObjectStore } from "@quire/core"
import { Effect } from "effect"
import {
  applyChanges,
  MAX_BASE64_LENGTH,
  MAX_CONDITION_LENGTH,
  MAX_CONTENT_TYPE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_EMOJI_LENGTH,
  MAX_FILE_NAME_LENGTH,
  MAX_FILE_URL_LENGTH,
  MAX_ID_LENGTH,
  MAX_INLINE_FILE_BYTES,
  MAX_REF_LENGTH,
  MAX_SLUG_LENGTH,
  MAX_TITLE_LENGTH
} from "../../packages/core/src/content/tree/index.js"
import { engineLayer, seedRevision } from "./content-engine.fixtures.js"

type Changes = Parameters<typeof applyChanges>[1]

/** A media type of `length` characters (RFC 6838: up to 127 a name; 255 is the longest). */
const mediaType = (length: number) => `${"t".repeat(127)}/${"s".repeat(length - 128)}`
const file = (fields: Record<string, unknown>) => [
  { operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: "eA==", ...fields }] }
] as unknown as Changes
const insertPage = (fields: Record<string, unknown>) =>
  [{ operation: "insert_page", title: "Page", document: {}, ...fields }] as unknown as Changes

/**
 * Each free-text field of a change: the changes with a value of `length` characters there, the
 * field the refusal names, its limit, and whether a value at the limit is taken (ids at the
 * limit are well-formed but name nothing, so they are refused for that, not for their length).
 */
const fields: ReadonlyArray<{
  readonly field: string
  readonly limit: number
  readonly changes: (length: number) => Changes
  readonly takenAtLimit: boolean
}> = [
  { field: "changes[0].title", limit: MAX_TITLE_LENGTH, changes: (n) => insertPage({ title: "t".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].description", limit: MAX_DESCRIPTION_LENGTH, changes: (n) => insertPage({ description: "d".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].condition", limit: MAX_CONDITION_LENGTH, changes: (n) => insertPage({ condition: "c".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].ref", limit: MAX_REF_LENGTH, changes: (n) => insertPage({ ref: "r".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].slug", limit: MAX_SLUG_LENGTH, changes: (n) => insertPage({ slug: "s".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].emoji", limit: MAX_EMOJI_LENGTH, changes: (n) => insertPage({ emoji: "e".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].icon", limit: MAX_EMOJI_LENGTH, changes: (n) => insertPage({ icon: "i".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].into", limit: MAX_ID_LENGTH, changes: (n) => insertPage({ into: "p".repeat(n) }), takenAtLimit: false },
  {
    field: "changes[0].page",
    limit: MAX_ID_LENGTH,
    changes: (n) => [{ operation: "update_page", page: "p".repeat(n), title: "x" }] as unknown as Changes,
    takenAtLimit: false
  },
  {
    field: "changes[0].into",
    limit: MAX_ID_LENGTH,
    changes: (n) => [{ operation: "update_page", page: "one", into: "p".repeat(n) }] as unknown as Changes,
    takenAtLimit: false
  },
  {
    field: "changes[0].page",
    limit: MAX_ID_LENGTH,
    changes: (n) => [{ operation: "delete_page", page: "p".repeat(n) }] as unknown as Changes,
    takenAtLimit: false
  },
  {
    field: "changes[0].revision",
    limit: MAX_ID_LENGTH,
    changes: (n) => [{ operation: "revert_page", page: "one", revision: "r".repeat(n) }] as unknown as Changes,
    takenAtLimit: false
  },
  {
    field: "changes[0].block[0]",
    limit: MAX_ID_LENGTH,
    changes: (n) => [{ operation: "revert_page", page: "one", block: ["b".repeat(n)] }] as unknown as Changes,
    takenAtLimit: false
  },
  { field: "changes[0].files[0].name", limit: MAX_FILE_NAME_LENGTH, changes: (n) => file({ name: "n".repeat(n) }), takenAtLimit: true },
  { field: "changes[0].files[0].ref", limit: MAX_REF_LENGTH, changes: (n) => file({ ref: "r".repeat(n) }), takenAtLimit: true },
  {
    field: "changes[0].files[0].contentType",
    limit: MAX_CONTENT_TYPE_LENGTH,
    changes: (n) => file({ contentType: mediaType(n) }),
    takenAtLimit: true
  },
  // A URL source is refused for now, whatever its length.
  {
    field: "changes[0].files[0].url",
    limit: MAX_FILE_URL_LENGTH,
    changes: (n) => file({ base64: undefined, url: `https://example.com/${"u".repeat(n - 20)}` }),
    takenAtLimit: false
  },
  // Valid base64 of this length decodes to more than 1 MB: refused for its size, once decoded.
  { field: "changes[0].files[0].base64", limit: MAX_BASE64_LENGTH, changes: (n) => file({ base64: "A".repeat(n) }), takenAtLimit: false }
]

const refusal = (changes: Changes) =>
  Effect.gen(function* () {
    const base = yield* seedRevision([{ id: "one", title: "One" }])
    const before = yield* (yield* ObjectStore).size
    const error = yield* Effect.flip(applyChanges(base.id, changes))
    expect(error).toBeInstanceOf(InvalidInput)
    // Nothing is written on refusal.
    expect(yield* (yield* ObjectStore).size).toEqual(before)
    return error as InvalidInput
  })

describe("the limits of a change's free-text fields", () => {
  it.layer(engineLayer())((it) => {
    it.effect("refuses each field one character past its limit, naming it", () =>
      Effect.gen(function* () {
        for (const { field, limit, changes } of fields) {
          const error = yield* refusal(changes(limit + 1))
          expect({ field: error.field, message: error.message }).toEqual({
            field,
            message: expect.stringContaining(`must be at most ${limit} characters`)
          })
        }
      })
    )

    it.effect("takes each field at its limit (ids and URL sources are refused, for what they name, not their length)", () =>
      Effect.gen(function* () {
        for (const { field, limit, changes, takenAtLimit } of fields) {
          const base = yield* seedRevision([{ id: "one", title: "One" }])
          const exit = yield* Effect.either(applyChanges(base.id, changes(limit)))
          if (takenAtLimit) {
            expect({ field, taken: exit._tag }).toEqual({ field, taken: "Right" })
          } else {
            expect(exit._tag).toBe("Left")
            const error = exit._tag === "Left" ? (exit.left as InvalidInput) : undefined
            // Refused for what it names, perhaps as the whole list (`block`), not for its length.
            expect({ field, message: error?.message }).toEqual({ field, message: expect.not.stringContaining("must be at most") })
            expect(field.startsWith(error?.field ?? "-")).toBe(true)
          }
        }
      })
    )

    it.effect("takes 1 MB sent as MIME writes it (a CRLF every 76 characters): exactly the base64 limit", () =>
      Effect.gen(function* () {
        const base = yield* seedRevision()
        const encoded = Buffer.alloc(MAX_INLINE_FILE_BYTES, 7).toString("base64")
        const wrapped = `${encoded.match(/.{1,76}/g)!.join("\r\n")}\r\n`
        expect(wrapped.length).toBe(MAX_BASE64_LENGTH)
        const applied = yield* applyChanges(base.id, file({ base64: wrapped }))
        expect(applied.insertedFiles[0]?.size).toBe(MAX_INLINE_FILE_BYTES)
      })
    )

    it.effect("refuses a contentType that is not a media type, and takes one with parameters", () =>
      Effect.gen(function* () {
        for (const contentType of ["", "text", "text/", "/plain", "text/plain;", "text/plain; charset", 'a/b; x="😀"', "text/plain\r\nx-evil: 1", "a b/c"]) {
          const error = yield* refusal(file({ contentType }))
          expect({ contentType, field: error.field, message: error.message }).toEqual({
            contentType,
            field: "changes[0].files[0].contentType",
            message: expect.stringContaining("must be a media type")
          })
        }
        for (const contentType of ["image/svg+xml", "text/plain; charset=utf-8", 'text/plain;charset="utf-8"', "application/vnd.api+json"]) {
          const base = yield* seedRevision()
          const applied = yield* applyChanges(base.id, file({ contentType }))
          expect(applied.insertedFiles[0]?.contentType).toBe(contentType)
        }
      })
    )
  })
})
