import { SqlClient } from "@effect/sql/SqlClient"
import { BlobStore } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { createHash } from "node:crypto"
import { SqlReader } from "../shared/SqlReader.js"

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex")

/** Both drivers take a Buffer for BLOB/BYTEA; a view over the caller's bytes, no copy. */
const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** Both drivers return a Buffer; the port promises a plain Uint8Array, of its own memory. */
const toBytes = (value: Uint8Array): Uint8Array => Uint8Array.from(value)

export const makeSqlBlobStore = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  return BlobStore.of({
    put: (bytes) =>
      Effect.suspend(() => {
        const hash = sha256(bytes)
        return Effect.as(
          sql`INSERT INTO blobs ${sql.insert({ sha256: hash, bytes: toBuffer(bytes), size: bytes.byteLength })}
            ON CONFLICT (sha256) DO NOTHING`,
          hash
        )
      }).pipe(Effect.orDie),
    get: (hash) =>
      sql<{ bytes: Uint8Array }>`SELECT bytes FROM blobs WHERE sha256 = ${hash}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (row) => toBytes(row.bytes))),
        Effect.orDie
      ),
    has: (hash) =>
      sql`SELECT 1 AS found FROM blobs WHERE sha256 = ${hash}`.pipe(
        read,
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )
  })
})

export const SqlBlobStore = { layer: Layer.effect(BlobStore, makeSqlBlobStore) }
