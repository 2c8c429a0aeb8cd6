import { SqlClient } from "@effect/sql/SqlClient"
import { UserRepository } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { foldCase, toCount } from "../shared/values.js"
import { USER_COLUMNS, toUserRecord, type UserRow } from "./userColumns.js"
import { SqlReader } from "../shared/SqlReader.js"

export const makeSqlUserRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader

  const first = (rows: ReadonlyArray<UserRow>) => Option.map(Option.fromNullable(rows[0]), toUserRecord)

  return UserRepository.of({
    insert: (user) =>
      Effect.gen(function* () {
        const nameKey = foldCase(user.displayName)
        yield* sql`INSERT INTO users ${sql.insert({
          id: user.id,
          displayName: user.displayName,
          email: user.email,
          photoUrl: user.photoURL,
          createdAt: user.createdAt,
          nameKey,
          emailKey: foldCase(user.email)
        })}`
        // Memberships made before their user sort by name once the user exists.
        yield* sql`UPDATE members SET name_key = ${nameKey} WHERE user_id = ${user.id}`
      }).pipe(Effect.orDie),
    findById: (id) =>
      sql<UserRow>`SELECT ${sql.literal(USER_COLUMNS)} FROM users WHERE id = ${id}`.pipe(
        read,
        Effect.map(first), Effect.orDie),
    findByEmail: (email) =>
      sql<UserRow>`SELECT ${sql.literal(USER_COLUMNS)} FROM users WHERE email_key = ${foldCase(email)}
        ORDER BY created_at, id LIMIT 1`.pipe(read, Effect.map(first), Effect.orDie),
    count: sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM users`.pipe(
      read,
      Effect.map(toCount),
      Effect.orDie
    )
  })
})

export const SqlUserRepository = { layer: Layer.effect(UserRepository, makeSqlUserRepository) }
