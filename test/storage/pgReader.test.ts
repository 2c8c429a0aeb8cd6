import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type { Statement } from "@effect/sql/Statement"
import { PgClient } from "@effect/sql-pg"
import { nameTransforms } from "@quire/storage-sql"
import { Context, Effect, Exit, Layer } from "effect"
import { acquirePool } from "../../adapters/postgres/src/PgPool.js"
import { makePgReader } from "../../adapters/postgres/src/PgReader.js"
import { freshPostgresDatabase, postgresAvailable } from "../support/postgres.js"

/** A client and a direct reader on one pool of `maxConnections`, on a fresh database. */
const clientAndReader = (maxConnections: number) =>
  Effect.gen(function* () {
    const url = yield* freshPostgresDatabase
    const pool = yield* acquirePool({ url, maxConnections, applicationName: "quire-test" })
    const context = yield* Layer.build(PgClient.layerFromPool({ acquire: Effect.succeed(pool), ...nameTransforms }))
    return { sql: Context.get(context, SqlClient), reader: makePgReader(pool) }
  })

if (await postgresAvailable()) {
  describe("Postgres direct reads (PgReader)", () => {
    it.scoped("give the rows the client gives: keys, value types, NULLs, bytes, JSON, repeated names", () =>
      Effect.gen(function* () {
        const { sql, reader } = yield* clientAndReader(2)
        const many = Array.from({ length: 40 }, (_, i) => i)
        const statements: Array<Statement<object>> = [
          sql`SELECT CAST(COUNT(*) AS INTEGER) AS small_count, COUNT(*) AS big_count FROM (VALUES (1), (2)) v(x)`,
          sql`SELECT NULL::text AS no_text, 'x'::text AS some_text, 1.5::numeric AS a_numeric, true AS a_bool, 7 AS an_int`,
          sql`SELECT '\\x00ff10'::bytea AS some_bytes`,
          sql`SELECT '{"snake_key": {"inner_key": 1}}'::json AS a_json, '[{"k_k": 1}]'::jsonb AS a_list, ARRAY['a_b'] AS an_array`,
          sql`SELECT 1 AS same_name, 2 AS same_name, 3 AS other_name`,
          sql`SELECT 1 AS one WHERE false`,
          sql`SELECT ${"text"}::text AS a_parameter, ${12}::integer AS a_number, ${null}::text AS a_null`,
          sql`SELECT x AS listed FROM generate_series(0, 50) AS g(x) WHERE x IN ${sql.in(many)} ORDER BY x`
        ]
        for (const statement of statements) {
          const expected = yield* statement
          // Twice: the first run prepares a named statement, the second only executes it.
          expect(yield* reader.read(statement)).toStrictEqual(expected)
          expect(yield* reader.read(statement)).toStrictEqual(expected)
        }
      })
    )

    it.scoped("prepare a named statement on the connection, once", () =>
      Effect.gen(function* () {
        const { sql, reader } = yield* clientAndReader(1)
        const prepared = (marker: string) =>
          reader.read(sql<{ n: number }>`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`}`)
        expect(yield* prepared("'kept_marker'")).toStrictEqual([{ n: 0 }])
        yield* reader.read(sql`SELECT 'kept_marker' AS label, ${1}::integer AS value`)
        yield* reader.read(sql`SELECT 'kept_marker' AS label, ${2}::integer AS value`)
        expect(yield* prepared("'kept_marker'")).toStrictEqual([{ n: 1 }])
      })
    )

    it.scoped("inside a transaction, read on the transaction's connection and see its writes", () =>
      Effect.gen(function* () {
        const { sql, reader } = yield* clientAndReader(2)
        yield* sql`CREATE TABLE notes (note_text TEXT)`
        const seen = yield* sql.withTransaction(
          Effect.zipRight(sql`INSERT INTO notes VALUES ('uncommitted')`, reader.read(sql`SELECT note_text FROM notes`))
        )
        expect(seen).toStrictEqual([{ noteText: "uncommitted" }])
      })
    )

    it.scoped("fail with a SqlError and give the connection back, so the next read gets it", () =>
      Effect.gen(function* () {
        const { sql, reader } = yield* clientAndReader(1)
        const failed = yield* Effect.exit(reader.read(sql`SELECT no_such_column FROM no_such_table`))
        expect(Exit.isFailure(failed) && failed.cause._tag === "Fail" && failed.cause.error instanceof SqlError).toBe(true)
        expect(yield* reader.read(sql`SELECT 1 AS one`)).toStrictEqual([{ one: 1 }])
      })
    )
  })
} else {
  describe.skip("Postgres direct reads (server unreachable)", () => {
    it("runs against a reachable Postgres", () => {})
  })
}
