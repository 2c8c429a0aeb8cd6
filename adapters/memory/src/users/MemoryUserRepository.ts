import type { UserRepository } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { insertNew, rowsOf } from "../shared/keyedRows.js"
import { usersTable } from "./usersTable.js"

export const makeMemoryUserRepository = (store: MemoryStore): Context.Tag.Service<typeof UserRepository> => ({
  insert: (user) => store.write((t) => t.update(usersTable, (rows) => insertNew(rows, user.id, user, "user"))),
  findById: (id) => store.read((t) => HashMap.get(t.rows(usersTable), id)),
  findByEmail: (email) =>
    store.read((t) => {
      const wanted = email.toLowerCase()
      return Option.fromNullable(rowsOf(t.rows(usersTable)).find((user) => user.email.toLowerCase() === wanted))
    }),
  count: store.read((t) => HashMap.size(t.rows(usersTable)))
})
