import { TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import { defaultTransforms, type Statement } from "@effect/sql/Statement"
import { nameTransforms, type SqlReaderService } from "@quire/storage-sql"
import { Effect } from "effect"
import type pg from "pg"

/** A SQL text run as a named statement, and its result's column names as the client transforms them. */
interface Named {
  readonly name: string
  names: ReadonlyArray<string> | undefined
}

/**
 * Named statements per pool, at most. Postgres keeps each one on every connection that has
 * run it, for the connection's life, so their number must stay small.
 */
const MAX_NAMED = 200

/**
 * Statements with more parameters than this (`IN` lists, whose texts are as many as their
 * lengths) are run unnamed: parsing is a small part of reading that many rows.
 */
const MAX_NAMED_PARAMETERS = 32

/** The client's nested transform (`transformJson`), for the values that are objects: JSON or arrays of it. */
const transformValue = defaultTransforms(nameTransforms.transformResultNames).value

const namesOf = (fields: ReadonlyArray<pg.FieldDef>): ReadonlyArray<string> =>
  fields.map((field) => nameTransforms.transformResultNames(field.name))

/** Rows from `rowMode: "array"` as the client returns them: keyed by transformed names, later columns winning a name. */
const toObjects = <A>(rows: ReadonlyArray<ReadonlyArray<unknown>>, names: ReadonlyArray<string>): Array<A> => {
  const objects = new Array<A>(rows.length)
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    const object: Record<string, unknown> = {}
    for (let c = 0; c < names.length; c++) {
      const value = row[c]
      object[names[c]!] = value !== null && typeof value === "object" ? transformValue(value) : value
    }
    objects[r] = object as A
  }
  return objects
}

/**
 * Reads outside a transaction, sent on the pool by `pg` itself, as named statements: each
 * connection parses and plans a text once, and runs it after with only Bind and Execute.
 * Rows come as arrays and are keyed once per statement.
 *
 * The general path of `@effect/sql` (a span, a scope, a connection acquired through an
 * Effect, rows built by `pg` as objects and copied again to rename their keys, and a text
 * Postgres parses and plans anew each time) cost more than the read itself.
 *
 * `pool.query` takes a client, runs the one statement and gives the client back, also on
 * error; no client is held across anything else. Inside a transaction, the statement goes
 * through the `SqlClient` and the transaction's connection, so that it sees the
 * transaction's own writes.
 */
export const makePgReader = (pool: pg.Pool): SqlReaderService => {
  const named = new Map<string, Named>()
  // Names are given in order and never reused: one name, one text, on every connection.
  const namedFor = (text: string, parameters: number): Named | undefined => {
    const found = named.get(text)
    if (found !== undefined || named.size >= MAX_NAMED || parameters > MAX_NAMED_PARAMETERS) return found
    const fresh: Named = { name: `quire_read_${named.size + 1}`, names: undefined }
    named.set(text, fresh)
    return fresh
  }

  const read = <A extends object>(statement: Statement<A>): Effect.Effect<ReadonlyArray<A>, SqlError> =>
    Effect.withFiberRuntime((fiber) => {
      if (fiber.currentContext.unsafeMap.has(TransactionConnection.key)) return statement
      let text: string
      let values: ReadonlyArray<unknown>
      try {
        ;[text, values] = statement.compile()
      } catch (cause) {
        return Effect.fail(new SqlError({ cause, message: "Failed to execute statement" }))
      }
      // A named statement may be given a generic plan after its fifth run: a read whose best plan
      // depends on its values plans that part in a function of its own (search: migration 0020).
      const known = namedFor(text, values.length)
      return Effect.async<ReadonlyArray<A>, SqlError>((resume) => {
        pool.query(
          { name: known?.name, text, values: values as Array<unknown>, rowMode: "array" },
          (cause: Error | undefined, result: pg.QueryArrayResult) => {
            if (cause) return resume(Effect.fail(new SqlError({ cause, message: "Failed to execute statement" })))
            let names = known?.names
            if (names === undefined) {
              names = namesOf(result.fields)
              if (known !== undefined) known.names = names
            }
            resume(Effect.succeed(toObjects<A>(result.rows, names)))
          }
        )
      })
    })
  return { read }
}
