import type { TranslationId, TranslationRecord } from "@quire/core"
import { organizationsTable } from "../organizations/organizationsTable.js"
import { table } from "../shared/Table.js"

/** Owned by their organization, as the foreign key `ON DELETE CASCADE` in SQL. */
export const translationsTable = table<TranslationId, TranslationRecord>("translations", {
  table: organizationsTable,
  key: (t) => t.organizationId
})
