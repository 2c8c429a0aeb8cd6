import type { TokenRepository } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { insertNew, rowsOf } from "./Tables.js"

export const makeMemoryTokenRepository = (store: MemoryStore): Context.Tag.Service<typeof TokenRepository> => ({
  insert: (token) => store.write((t) => ({ ...t, tokens: insertNew(t.tokens, token.hash, token, "token") })),
  findUserByHash: (hash) =>
    store.read((t) => Option.flatMap(HashMap.get(t.tokens, hash), (token) => HashMap.get(t.users, token.userId))),
  // Read and removal in one transaction of the store, as one DELETE ... RETURNING in SQL.
  delete: (hash) =>
    store.transaction(
      Effect.flatMap(store.read((t) => HashMap.has(t.tokens, hash)), (existed) =>
        existed ? Effect.as(store.write((t) => ({ ...t, tokens: HashMap.remove(t.tokens, hash) })), true) : Effect.succeed(false)
      )
    ),
  deleteAllOfUser: (userId) =>
    store.transaction(
      Effect.flatMap(
        store.read((t) => rowsOf(t.tokens).filter((token) => token.userId === userId).map((token) => token.hash)),
        (hashes) =>
          Effect.as(
            store.write((t) => ({ ...t, tokens: HashMap.removeMany(t.tokens, hashes) })),
            hashes.length
          )
      )
    )
})
