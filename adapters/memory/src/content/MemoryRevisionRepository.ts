import type { RevisionRepository } from "@quire/core"
import { type Context, HashMap } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { insertNew } from "../shared/keyedRows.js"
import { revisionsTable } from "./contentTables.js"

export const makeMemoryRevisionRepository = (store: MemoryStore): Context.Tag.Service<typeof RevisionRepository> => ({
  insert: (revision) =>
    store.write((t) =>
      t.update(revisionsTable, (rows) =>
        insertNew(rows, revision.id, { ...revision, parents: [...revision.parents] }, "revision")
      )
    ),
  findById: (id) => store.read((t) => HashMap.get(t.rows(revisionsTable), id))
})
