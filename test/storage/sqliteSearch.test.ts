import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { type OrganizationId, type RevisionId, SearchIndex, SpaceRepository } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { testAuthority } from "../support/authority.js"
import { tempSqliteFile } from "../support/sqlite.js"
import { makeSpace, newId } from "./contract-fixtures.js"
import { headed, lead } from "./contract-search-corpus.js"

/**
 * The FTS5 table keeps its own index of `search_sections` (its external content): the triggers
 * must keep the two the same through every write, a purge's cascade included, or a MATCH
 * would find rowids of rows that are gone.
 */
describe("SQLite search index (FTS5 over search_sections)", () => {
  it.scoped("follows inserts, rewrites, copies and a purge's cascade: FTS5's integrity check passes, no rowid is left", () =>
    Effect.gen(function* () {
      const filename = yield* tempSqliteFile
      const context = yield* Layer.build(
        Layer.mergeAll(SqliteStorage.layer({ filename }), SqliteStorage.client({ filename }), testAuthority)
      )
      yield* Effect.gen(function* () {
        const sql = yield* SqlClient
        const spaces = yield* SpaceRepository
        const index = yield* SearchIndex
        const word = newId().toLowerCase()
        const integrity = sql`INSERT INTO search_terms (search_terms) VALUES ('integrity-check')`
        const indexed = Effect.map(
          sql<{ rowid: number }>`SELECT rowid FROM search_terms WHERE search_terms MATCH ${`"${word}"`}`,
          (rows) => rows.length
        )
        const [from, to] = [makeSpace(newId<OrganizationId>()), makeSpace(newId<OrganizationId>())]
        for (const space of [from, to]) yield* spaces.insert(space)
        const page = { pageId: "p", sections: [lead("p", "Title", word), headed("p", "Title", "h", "Heading", `${word} more`)] }
        const change = { revisionId: newId<RevisionId>(), replaceAll: true, removedPages: [], pages: [page] }

        yield* index.apply({ spaceId: from.id, ...change })
        yield* index.apply({ spaceId: from.id, ...change, replaceAll: false })
        yield* index.copy(from.id, to.id)
        yield* integrity
        expect(yield* indexed).toBe(4)

        yield* spaces.purge(from.id)
        yield* integrity
        expect(yield* indexed).toBe(2)
        yield* spaces.purge(to.id)
        yield* integrity
        expect(yield* indexed).toBe(0)
      }).pipe(Effect.provide(context))
    })
  )
})
