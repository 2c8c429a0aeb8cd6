import { SqlClient } from "@effect/sql/SqlClient"
import { type ObjectHash, type ObjectKind, ObjectStore, type StoredObject } from "@quire/core"
import { Effect, Layer } from "effect"
import { chunksOf } from "../shared/chunks.js"
import { SqlReader } from "../shared/SqlReader.js"

interface ObjectRow {
  readonly hash: string
  readonly kind: string
  readonly body: string
}

const toStoredObject = (row: ObjectRow): StoredObject => ({ hash: row.hash, kind: row.kind as ObjectKind, body: row.body })

/** The first object of each hash: a batch may repeat one, and storage keeps one. */
const distinct = (objects: ReadonlyArray<StoredObject>): Array<StoredObject> => {
  const byHash = new Map<ObjectHash, StoredObject>()
  for (const object of objects) if (!byHash.has(object.hash)) byHash.set(object.hash, object)
  return Array.from(byHash.values())
}

export const makeSqlObjectStore = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  /**
   * `ON CONFLICT (hash) DO NOTHING` is the same in SQLite and Postgres, and `RETURNING`
   * there names only the rows inserted, so the count is of what this call wrote.
   */
  const insertChunk = (chunk: ReadonlyArray<StoredObject>) =>
    Effect.map(
      sql<{ hash: string }>`INSERT INTO objects ${sql.insert(
        chunk.map((object) => ({ hash: object.hash, kind: object.kind, body: object.body }))
      )} ON CONFLICT (hash) DO NOTHING RETURNING hash`,
      (rows) => rows.length
    )

  const put = (objects: ReadonlyArray<StoredObject>) => {
    const chunks = chunksOf(distinct(objects))
    if (chunks.length === 0) return Effect.succeed(0)
    const all = Effect.map(Effect.forEach(chunks, insertChunk), (counts) => counts.reduce((a, b) => a + b, 0))
    // Several statements: one transaction (a savepoint inside an outer one) keeps a call whole.
    return (chunks.length === 1 ? all : sql.withTransaction(all)).pipe(Effect.orDie)
  }

  const getMany = (hashes: ReadonlyArray<ObjectHash>) =>
    Effect.gen(function* () {
      const found = new Map<ObjectHash, StoredObject>()
      for (const chunk of chunksOf(Array.from(new Set(hashes)))) {
        const rows = yield* read(sql<ObjectRow>`SELECT hash, kind, body FROM objects WHERE hash IN ${sql.in(chunk)}`)
        for (const row of rows) found.set(row.hash, toStoredObject(row))
      }
      return found as ReadonlyMap<ObjectHash, StoredObject>
    }).pipe(Effect.orDie)

  /** Bytes of the UTF-8 bodies, as the memory adapter counts them. */
  const bodyBytes = sql.onDialectOrElse({
    pg: () => sql.literal("octet_length(body)"),
    orElse: () => sql.literal("length(CAST(body AS BLOB))")
  })

  const size = Effect.map(
    read(sql<{ objects: unknown; bytes: unknown }>`SELECT COUNT(*) AS objects, COALESCE(SUM(${bodyBytes}), 0) AS bytes
      FROM objects`),
    (rows) => ({ objects: Number(rows[0]?.objects ?? 0), bytes: Number(rows[0]?.bytes ?? 0) })
  ).pipe(Effect.orDie)

  return ObjectStore.of({ put, getMany, size })
})

export const SqlObjectStore = { layer: Layer.effect(ObjectStore, makeSqlObjectStore) }
