import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, FastCheck as fc } from "effect"
import { decodeCursor, encodeCursor, sliceSorted, toKeyset, toPage } from "../src/index.js"

describe("pagination", () => {
  it.prop("a cursor decodes to the key it was made from", [fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 })], ([key]) => {
    expect(Effect.runSync(decodeCursor(encodeCursor(key)))).toEqual(key)
  })

  it.effect("limit outside 1..1000 or not whole is InvalidInput naming `limit`", () =>
    Effect.gen(function* () {
      for (const limit of [0, -1, 1001, 1.5, Number.NaN]) {
        const exit = yield* Effect.exit(toKeyset({ limit }))
        expect(Exit.isFailure(exit)).toBe(true)
        if (Exit.isFailure(exit)) expect(JSON.stringify(exit.cause)).toContain('"field":"limit"')
      }
      expect((yield* toKeyset({})).limit).toBe(50)
      expect((yield* toKeyset({ limit: 1000 })).limit).toBe(1000)
    })
  )

  it.effect("a page token that this list never gave is InvalidInput naming `page`", () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(toKeyset({ page: "not-a-cursor" }))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause).includes('"field":"page"')).toBe(true)
    })
  )

  it.effect.prop(
    "walking sorted rows page by page returns each exactly once; the last page has no next",
    [fc.uniqueArray(fc.string(), { maxLength: 60 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom("asc" as const, "desc" as const)],
    ([ids, limit, direction]) =>
      Effect.gen(function* () {
        const rows = [...ids].sort()
        if (direction === "desc") rows.reverse()
        const seen: Array<string> = []
        let page: string | undefined
        let pages = 0
        do {
          const keyset = yield* toKeyset({ limit, page })
          const result = toPage(keyset, sliceSorted(rows, keyset, (r) => [r], direction), (r) => [r], (r) => r)
          expect(result.count).toBe(rows.length)
          expect(result.items.length).toBeLessThanOrEqual(limit)
          seen.push(...result.items)
          page = result.next?.page
          pages++
        } while (page !== undefined && pages <= rows.length + 1)
        expect(seen).toEqual(rows)
      })
  )
})
