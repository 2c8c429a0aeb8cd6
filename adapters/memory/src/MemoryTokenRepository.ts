import type { TokenRepository } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { insertNew } from "./Tables.js"

export const makeMemoryTokenRepository = (store: MemoryStore): Context.Tag.Service<typeof TokenRepository> => ({
  insert: (token) => store.write((t) => ({ ...t, tokens: insertNew(t.tokens, token.hash, token, "token") })),
  findUserByHash: (hash) =>
    store.read((t) => Option.flatMap(HashMap.get(t.tokens, hash), (token) => HashMap.get(t.users, token.userId)))
})
