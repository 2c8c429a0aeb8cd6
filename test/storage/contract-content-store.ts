import {
  BlobStore,
  type ObjectKind,
  ObjectStore,
  type RevisionId,
  type RevisionRecord,
  RevisionRepository,
  type SpaceId,
  Storage,
  type StoredObject
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Data, Effect, Option, FastCheck as fc } from "effect"
import { createHash } from "node:crypto"
import { at, newId, type StorageLayer } from "./contract-fixtures.js"

const NUM_RUNS = 25

class Refused extends Data.TaggedError("Refused")<{}> {}

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex")

/** An object as the core makes one: `body` is JSON, `hash` its sha256. */
const makeObject = (value: unknown, kind: ObjectKind = "document"): StoredObject => {
  const body = JSON.stringify(value)
  return { hash: sha256(body), kind, body }
}

/** `n` objects no other test writes. */
const freshObjects = (n: number, kind: ObjectKind = "page"): Array<StoredObject> => {
  const salt = newId<string>()
  return Array.from({ length: n }, (_, i) => makeObject({ salt, i, title: `Page ${i}` }, kind))
}

const byHash = (objects: ReadonlyArray<StoredObject>): Map<string, StoredObject> =>
  new Map(objects.map((object) => [object.hash, object]))

const bodyBytes = (objects: ReadonlyArray<StoredObject>): number =>
  objects.reduce((sum, object) => sum + Buffer.byteLength(object.body, "utf8"), 0)

const makeRevision = (parents: ReadonlyArray<RevisionId>, over: Partial<RevisionRecord> = {}): RevisionRecord => ({
  id: newId<RevisionId>(),
  spaceId: newId<SpaceId>(),
  parents,
  type: parents.length === 2 ? "merge" : "edits",
  root: sha256(newId<string>()),
  createdAt: at(1.5),
  ...over
})

export const contentStoreContract = (storage: StorageLayer) =>
  describe("ObjectStore, BlobStore and RevisionRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("objects put come back by hash, with the count written and the size they add", () =>
        Effect.gen(function* () {
          const objects = yield* ObjectStore
          const kinds: Array<ObjectKind> = ["document", "page", "node", "tree", "file", "reusable"]
          const batch = kinds.map((kind) => makeObject({ salt: newId<string>(), kind, text: "héllo, wörld ✓ 𝄞" }, kind))
          const before = yield* objects.size
          expect(yield* objects.put(batch)).toBe(batch.length)
          expect(yield* objects.getMany(batch.map((o) => o.hash))).toStrictEqual(byHash(batch))
          expect(yield* objects.size).toStrictEqual({
            objects: before.objects + batch.length,
            bytes: before.bytes + bodyBytes(batch)
          })
        })
      )

      it.effect("putting stored objects again writes none and the size stays; only new ones count", () =>
        Effect.gen(function* () {
          const objects = yield* ObjectStore
          const [a, b, c, d] = freshObjects(4)
          expect(yield* objects.put([a!, b!])).toBe(2)
          const size = yield* objects.size
          expect(yield* objects.put([a!, b!])).toBe(0)
          expect(yield* objects.put([b!, a!, b!])).toBe(0)
          expect(yield* objects.size).toStrictEqual(size)
          // New ones among stored ones, one of them twice in the batch.
          expect(yield* objects.put([a!, c!, d!, c!, b!])).toBe(2)
          expect(yield* objects.size).toStrictEqual({
            objects: size.objects + 2,
            bytes: size.bytes + bodyBytes([c!, d!])
          })
          expect(yield* objects.put([])).toBe(0)
          expect(yield* objects.getMany([a!.hash, b!.hash, c!.hash, d!.hash])).toStrictEqual(byHash([a!, b!, c!, d!]))
        })
      )

      it.effect("getMany leaves out the hashes it does not hold", () =>
        Effect.gen(function* () {
          const objects = yield* ObjectStore
          const [stored, missing] = freshObjects(2)
          yield* objects.put([stored!])
          const found = yield* objects.getMany([missing!.hash, stored!.hash, sha256("never stored"), stored!.hash])
          expect(found).toStrictEqual(byHash([stored!]))
          expect(yield* objects.getMany([missing!.hash])).toStrictEqual(new Map())
          expect(yield* objects.getMany([])).toStrictEqual(new Map())
        })
      )

      it.effect("2,000 objects go in with one put and come back with one getMany", () =>
        Effect.gen(function* () {
          const objects = yield* ObjectStore
          const batch = freshObjects(2_000, "node")
          const before = yield* objects.size
          expect(yield* objects.put(batch)).toBe(2_000)
          expect(yield* objects.size).toStrictEqual({
            objects: before.objects + 2_000,
            bytes: before.bytes + bodyBytes(batch)
          })
          const found = yield* objects.getMany([...batch.map((o) => o.hash), ...freshObjects(3).map((o) => o.hash)])
          expect(found).toStrictEqual(byHash(batch))
          expect(yield* objects.put(batch.slice(1_000).concat(freshObjects(1)))).toBe(1)
        })
      )

      it.effect.prop(
        "any JSON body comes back exactly, and its UTF-8 bytes are what it adds to the size",
        [fc.jsonValue()],
        ([value]) =>
          Effect.gen(function* () {
            const objects = yield* ObjectStore
            const object = makeObject([newId<string>(), value], "document")
            const before = yield* objects.size
            expect(yield* objects.put([object])).toBe(1)
            expect((yield* objects.getMany([object.hash])).get(object.hash)).toStrictEqual(object)
            expect(yield* objects.size).toStrictEqual({
              objects: before.objects + 1,
              bytes: before.bytes + Buffer.byteLength(object.body, "utf8")
            })
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect.prop(
        "blobs: any bytes come back exactly, under their sha256",
        [fc.uint8Array({ minLength: 0, maxLength: 4_096 })],
        ([generated]) =>
          Effect.gen(function* () {
            const blobs = yield* BlobStore
            // Salted so every run stores bytes nobody stored before.
            const bytes = new Uint8Array([...generated, ...new TextEncoder().encode(newId<string>())])
            const hash = sha256(bytes)
            expect(yield* blobs.has(hash)).toBe(false)
            expect(yield* blobs.put(bytes)).toBe(hash)
            expect(yield* blobs.has(hash)).toBe(true)
            const stored = yield* blobs.get(hash)
            expect(Option.map(stored, (b) => b.constructor)).toStrictEqual(Option.some(Uint8Array))
            expect(stored).toStrictEqual(Option.some(bytes))
            // Neither the bytes given nor the bytes returned are the store's own.
            bytes.fill(bytes[0]! ^ 0xff, 0, 1)
            Option.map(stored, (b) => b.fill(0))
            expect(Option.map(yield* blobs.get(hash), sha256)).toStrictEqual(Option.some(hash))
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("blobs: the same bytes put twice are stored once under one hash; empty bytes too", () =>
        Effect.gen(function* () {
          const blobs = yield* BlobStore
          const bytes = new TextEncoder().encode(`same file ${newId<string>()}`)
          const first = yield* blobs.put(bytes)
          const second = yield* blobs.put(Uint8Array.from(bytes))
          expect(second).toBe(first)
          expect(yield* blobs.get(first)).toStrictEqual(Option.some(bytes))
          const empty = new Uint8Array(0)
          const emptyHash = yield* blobs.put(empty)
          expect(emptyHash).toBe(sha256(empty))
          expect(yield* blobs.put(new Uint8Array(0))).toBe(emptyHash)
          expect(yield* blobs.get(emptyHash)).toStrictEqual(Option.some(empty))
        })
      )

      it.effect("blobs: a view into a larger buffer stores only the bytes it shows", () =>
        Effect.gen(function* () {
          const blobs = yield* BlobStore
          const whole = new TextEncoder().encode(`<<${newId<string>()}>>`)
          const view = whole.subarray(2, whole.length - 2)
          const hash = yield* blobs.put(view)
          expect(hash).toBe(sha256(view))
          expect(yield* blobs.get(hash)).toStrictEqual(Option.some(Uint8Array.from(view)))
        })
      )

      it.effect("blobs: an unknown hash is neither had nor got", () =>
        Effect.gen(function* () {
          const blobs = yield* BlobStore
          const unknown = sha256(newId<string>())
          expect(yield* blobs.has(unknown)).toBe(false)
          expect(yield* blobs.get(unknown)).toStrictEqual(Option.none())
        })
      )

      it.effect("revisions with no, one and two parents come back as inserted, parents in order", () =>
        Effect.gen(function* () {
          const revisions = yield* RevisionRepository
          const first = makeRevision([])
          const second = makeRevision([first.id], { spaceId: first.spaceId, type: "update", createdAt: at(2) })
          const side = makeRevision([first.id], { type: "rollback" })
          // The second parent sorts first by id in one of the two merges: order is kept, not sorted.
          const merge = makeRevision([second.id, side.id])
          const reversed = makeRevision([side.id, second.id], { type: "computed" })
          for (const revision of [first, second, side, merge, reversed]) yield* revisions.insert(revision)
          for (const revision of [first, second, side, merge, reversed]) {
            expect(yield* revisions.findById(revision.id)).toStrictEqual(Option.some(revision))
          }
          expect(yield* revisions.findById(newId<RevisionId>())).toStrictEqual(Option.none())
        })
      )

      it.effect("objects, blobs and revisions written in a transaction that fails are all gone", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const objects = yield* ObjectStore
          const blobs = yield* BlobStore
          const revisions = yield* RevisionRepository
          const kept = freshObjects(1)
          yield* objects.put(kept)
          // Over two chunks of a SQL batch, so a multi-statement put is undone as well.
          const batch = [...freshObjects(1_200), ...kept]
          const bytes = new TextEncoder().encode(`rolled back ${newId<string>()}`)
          const revision = makeRevision([newId<RevisionId>()])
          const size = yield* objects.size

          const error = yield* Effect.flip(
            transaction(
              Effect.gen(function* () {
                expect(yield* objects.put(batch)).toBe(1_200)
                const hash = yield* blobs.put(bytes)
                yield* revisions.insert(revision)
                // Reads inside see the transaction's own writes.
                expect((yield* objects.getMany(batch.map((o) => o.hash))).size).toBe(1_201)
                expect(yield* blobs.has(hash)).toBe(true)
                expect(Option.isSome(yield* revisions.findById(revision.id))).toBe(true)
                return yield* new Refused()
              })
            )
          )
          expect(error).toBeInstanceOf(Refused)
          expect(yield* objects.getMany(batch.map((o) => o.hash))).toStrictEqual(byHash(kept))
          expect(yield* objects.size).toStrictEqual(size)
          expect(yield* blobs.has(sha256(bytes))).toBe(false)
          expect(yield* blobs.get(sha256(bytes))).toStrictEqual(Option.none())
          expect(yield* revisions.findById(revision.id)).toStrictEqual(Option.none())
          // Nothing of it lingers: the same writes, committed now, all count as new.
          yield* transaction(
            Effect.gen(function* () {
              expect(yield* objects.put(batch)).toBe(1_200)
              yield* blobs.put(bytes)
              yield* revisions.insert(revision)
            })
          )
          expect((yield* objects.getMany(batch.map((o) => o.hash))).size).toBe(1_201)
          expect(yield* blobs.get(sha256(bytes))).toStrictEqual(Option.some(bytes))
          expect(yield* revisions.findById(revision.id)).toStrictEqual(Option.some(revision))
        })
      )
    })
  })
