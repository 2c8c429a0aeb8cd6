import { SqlClient } from "@effect/sql/SqlClient"
import { TokenRepository } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { JOINED_USER_COLUMNS, type JoinedUserRow, joinedToUserRecord } from "../users/userColumns.js"
import { SqlReader } from "../shared/SqlReader.js"

export const makeSqlTokenRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  return TokenRepository.of({
    insert: (token) =>
      sql`INSERT INTO api_tokens ${sql.insert({
        hash: token.hash,
        userId: token.userId,
        label: token.label,
        createdAt: token.createdAt
      })}`.pipe(Effect.asVoid, Effect.orDie),
    findUserByHash: (hash) =>
      sql<JoinedUserRow>`SELECT ${sql.literal(JOINED_USER_COLUMNS)}
        FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.hash = ${hash}`.pipe(
          read,
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), joinedToUserRecord)),
        Effect.orDie
      ),
    // One statement each: the answer is what this statement removed, even when two revocations race.
    delete: (hash) =>
      sql<{ hash: string }>`DELETE FROM api_tokens WHERE hash = ${hash} RETURNING hash`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    deleteAllOfUser: (userId) =>
      sql<{ hash: string }>`DELETE FROM api_tokens WHERE user_id = ${userId} RETURNING hash`.pipe(
        Effect.map((rows) => rows.length),
        Effect.orDie
      )
  })
})

export const SqlTokenRepository = { layer: Layer.effect(TokenRepository, makeSqlTokenRepository) }
