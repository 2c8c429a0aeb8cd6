import { type OpenApiSpecRepository, openApiSpecSortKey, openApiVersionSortKey } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy } from "../shared/sorting.js"
import { openApiSpecsTable, openApiVersionsTable } from "./openApiTables.js"

export const makeMemoryOpenApiSpecRepository = (store: MemoryStore): Context.Tag.Service<typeof OpenApiSpecRepository> => {
  const bySlug = (organizationId: string, slug: string) =>
    store.read((t) =>
      Option.fromNullable(rowsOf(t.rows(openApiSpecsTable)).find((s) => s.organizationId === organizationId && s.slug === slug))
    )
  return {
    insertSpec: (spec) =>
      store.write((t) =>
        t.update(openApiSpecsTable, (rows) => {
          if (rowsOf(rows).some((s) => s.organizationId === spec.organizationId && s.slug === spec.slug)) {
            throw new Error(`OpenAPI spec slug ${spec.slug} already exists`)
          }
          return insertNew(rows, spec.id, spec, "OpenAPI spec")
        })
      ),
    updateSpec: (spec) => store.write((t) => t.update(openApiSpecsTable, (rows) => replaceExisting(rows, spec.id, spec))),
    deleteSpec: (organizationId, slug) =>
      Effect.flatMap(bySlug(organizationId, slug), (found) =>
        Option.isNone(found)
          ? Effect.succeed(false)
          : Effect.as(
              store.write((t) =>
                t
                  .update(openApiSpecsTable, (rows) => HashMap.remove(rows, found.value.id))
                  .update(openApiVersionsTable, (rows) => HashMap.filter(rows, (v) => v.specId !== found.value.id))
              ),
              true
            )
      ),
    findSpecBySlug: bySlug,
    findSpec: (id) => store.read((t) => HashMap.get(t.rows(openApiSpecsTable), id)),
    listSpecs: (organizationId, keyset) =>
      store.read((t) =>
        sliceBy(
          rowsOf(t.rows(openApiSpecsTable)).filter((s) => s.organizationId === organizationId),
          keyset,
          openApiSpecSortKey
        )
      ),
    insertVersion: (version) =>
      store.write((t) => t.update(openApiVersionsTable, (rows) => insertNew(rows, version.id, version, "OpenAPI spec version"))),
    findVersion: (specId, id) =>
      store.read((t) => Option.filter(HashMap.get(t.rows(openApiVersionsTable), id), (v) => v.specId === specId)),
    listVersions: (specId, keyset) =>
      store.read((t) =>
        sliceBy(
          rowsOf(t.rows(openApiVersionsTable)).filter((v) => v.specId === specId),
          keyset,
          openApiVersionSortKey,
          "desc"
        )
      )
  }
}
