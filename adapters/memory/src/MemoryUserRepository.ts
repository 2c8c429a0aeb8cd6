import type { UserRepository } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { insertNew, rowsOf } from "./Tables.js"

export const makeMemoryUserRepository = (store: MemoryStore): Context.Tag.Service<typeof UserRepository> => ({
  insert: (user) => store.write((t) => ({ ...t, users: insertNew(t.users, user.id, user, "user") })),
  findById: (id) => store.read((t) => HashMap.get(t.users, id)),
  findByEmail: (email) =>
    store.read((t) => {
      const wanted = email.toLowerCase()
      return Option.fromNullable(rowsOf(t.users).find((user) => user.email.toLowerCase() === wanted))
    }),
  count: store.read((t) => HashMap.size(t.users))
})
