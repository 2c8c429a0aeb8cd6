import type { RevisionRepository } from "@quire/core"
import { type Context, HashMap } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { insertNew } from "./Tables.js"

export const makeMemoryRevisionRepository = (store: MemoryStore): Context.Tag.Service<typeof RevisionRepository> => ({
  insert: (revision) =>
    store.write((t) => ({
      ...t,
      revisions: insertNew(t.revisions, revision.id, { ...revision, parents: [...revision.parents] }, "revision")
    })),
  findById: (id) => store.read((t) => HashMap.get(t.revisions, id))
})
