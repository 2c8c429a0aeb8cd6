import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { canonicalObject } from "../src/content/store/canonical.js"
import type { DecodedObject } from "../src/content/store/DecodedObjects.js"
import { LruCache } from "../src/content/store/LruCache.js"
import { pageMarkdown } from "../src/content/tree/render/pageMarkdown.js"
import { composeDocument } from "../src/content/markdown/composeDocument.js"
import { makeObjectLoader } from "../src/content/tree/ObjectLoader.js"
import type { ObjectHash, StoredObject } from "../src/storage/content/ObjectStore.js"

/** An object store in a map that counts the hashes it is asked for. */
const countingStore = (objects: ReadonlyArray<StoredObject>) => {
  const byHash = new Map(objects.map((o) => [o.hash, o]))
  const asked: Array<ObjectHash> = []
  return {
    asked,
    store: {
      put: () => Effect.succeed(0),
      getMany: (hashes: ReadonlyArray<ObjectHash>) =>
        Effect.sync(() => {
          asked.push(...hashes)
          return new Map(hashes.flatMap((h) => (byHash.has(h) ? [[h, byHash.get(h)!] as const] : [])))
        }),
      size: Effect.succeed({ objects: byHash.size, bytes: 0 })
    }
  }
}

describe("decoded objects shared between engine calls", () => {
  const a = canonicalObject("document", { markdown: "A" })
  const b = canonicalObject("document", { markdown: "B" })

  it.effect("a second loader over the same cache reads from it, not from the store", () =>
    Effect.gen(function* () {
      const { asked, store } = countingStore([a, b])
      const shared = new LruCache<ObjectHash, DecodedObject>(1_000, (o) => o.bytes)
      const first = yield* makeObjectLoader(store, shared).many([a.hash, b.hash])
      const second = yield* makeObjectLoader(store, shared).many([a.hash, b.hash])
      expect(asked).toEqual([a.hash, b.hash])
      expect(second).toEqual(first)
      expect(second.get(a.hash)).toEqual({ markdown: "A" })
    })
  )

  it.effect("without a shared cache every loader reads the store", () =>
    Effect.gen(function* () {
      const { asked, store } = countingStore([a])
      yield* makeObjectLoader(store).one(a.hash)
      yield* makeObjectLoader(store).one(a.hash)
      expect(asked).toEqual([a.hash, a.hash])
    })
  )

  it.effect("an object the store lacks is a defect, and is not cached", () =>
    Effect.gen(function* () {
      const { store } = countingStore([])
      const shared = new LruCache<ObjectHash, DecodedObject>(1_000, (o) => o.bytes)
      const exit = yield* Effect.exit(makeObjectLoader(store, shared).one(a.hash))
      expect(exit._tag).toBe("Failure")
      expect(shared.size).toBe(0)
    })
  )
})

describe("pageMarkdown", () => {
  const page = (document: string | null, title: string, description?: string) =>
    ({
      id: "p",
      type: "document",
      title,
      ...(description === undefined ? {} : { description }),
      hidden: false,
      noIndex: false,
      noRobotsIndex: false,
      createdAt: "",
      updatedAt: "",
      document,
      parent: null
    }) as const

  it("is composeDocument's answer, also when asked again, and a title or description change is seen", () => {
    const body = "Some *text*.\n\n- a\n- b\n"
    const hash = "d".repeat(64)
    for (const [title, description] of [["One", undefined], ["One", undefined], ["Two", undefined], ["Two", "Short"]] as const) {
      expect(pageMarkdown(page(hash, title, description), body)).toBe(
        composeDocument({ title, ...(description === undefined ? {} : { description }), body })
      )
    }
  })
})
