import type { TokenRepository } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { insertNew, rowsOf } from "../shared/keyedRows.js"
import { usersTable } from "../users/usersTable.js"
import { tokensTable } from "./tokensTable.js"

export const makeMemoryTokenRepository = (store: MemoryStore): Context.Tag.Service<typeof TokenRepository> => ({
  insert: (token) => store.write((t) => t.update(tokensTable, (rows) => insertNew(rows, token.hash, token, "token"))),
  findUserByHash: (hash) =>
    store.read((t) =>
      Option.flatMap(HashMap.get(t.rows(tokensTable), hash), (token) => HashMap.get(t.rows(usersTable), token.userId))
    ),
  // Read and removal in one transaction of the store, as one DELETE ... RETURNING in SQL.
  delete: (hash) =>
    store.transaction(
      Effect.flatMap(
        store.read((t) => HashMap.has(t.rows(tokensTable), hash)),
        (existed) =>
          existed
            ? Effect.as(
                store.write((t) => t.update(tokensTable, (rows) => HashMap.remove(rows, hash))),
                true
              )
            : Effect.succeed(false)
      )
    ),
  deleteAllOfUser: (userId) =>
    store.transaction(
      Effect.flatMap(
        store.read((t) =>
          rowsOf(t.rows(tokensTable))
            .filter((token) => token.userId === userId)
            .map((token) => token.hash)
        ),
        (hashes) =>
          Effect.as(
            store.write((t) => t.update(tokensTable, (rows) => HashMap.removeMany(rows, hashes))),
            hashes.length
          )
      )
    )
})
