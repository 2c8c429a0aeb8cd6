import type { GitSyncRepository } from "@quire/core"
import { type Context, HashMap } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { gitSyncTable } from "./gitSyncTable.js"

export const makeMemoryGitSyncRepository = (store: MemoryStore): Context.Tag.Service<typeof GitSyncRepository> => ({
  get: (spaceId) => store.read((t) => HashMap.get(t.rows(gitSyncTable), spaceId)),
  put: (record) => store.write((t) => t.update(gitSyncTable, (rows) => HashMap.set(rows, record.spaceId, record)))
})
