import { type TranslationRepository, translationSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy } from "../shared/sorting.js"
import { translationsTable } from "./translationsTable.js"

export const makeMemoryTranslationRepository = (store: MemoryStore): Context.Tag.Service<typeof TranslationRepository> => ({
  insert: (translation) =>
    store.write((t) => t.update(translationsTable, (rows) => insertNew(rows, translation.id, translation, "translation"))),
  update: (translation) => store.write((t) => t.update(translationsTable, (rows) => replaceExisting(rows, translation.id, translation))),
  delete: (id) => store.write((t) => t.update(translationsTable, (rows) => HashMap.remove(rows, id))),
  find: (organizationId, id) =>
    store.read((t) => Option.filter(HashMap.get(t.rows(translationsTable), id), (row) => row.organizationId === organizationId)),
  list: (organizationId, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(translationsTable)).filter((row) => row.organizationId === organizationId),
        keyset,
        translationSortKey
      )
    )
})
