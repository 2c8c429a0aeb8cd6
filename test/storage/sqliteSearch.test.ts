import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { type OrganizationId, type RevisionId, SearchIndex, SpaceRepository } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { testAuthority } from "../support/authority.js"
import { tempSqliteFile } from "../support/sqlite.js"
import { makeSpace, newId } from "./contract-fixtures.js"
import { headed, lead, word } from "./contract-search-corpus.js"

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

  it.scoped("keeps a space's rows together: a space rewritten after others' writes is moved to one run, and found whole", () =>
    Effect.gen(function* () {
      const filename = yield* tempSqliteFile
      const context = yield* Layer.build(Layer.mergeAll(SqliteStorage.layer({ filename }), SqliteStorage.client({ filename }), testAuthority))
      yield* Effect.gen(function* () {
        const sql = yield* SqlClient
        const spaces = yield* SpaceRepository
        const index = yield* SearchIndex
        const [small, big] = [makeSpace(newId<OrganizationId>()), makeSpace(newId<OrganizationId>())]
        for (const space of [small, big]) yield* spaces.insert(space)
        const pagesOf = (count: number, text: string) =>
          Array.from({ length: count }, (_, i) => ({ pageId: `p${i}`, sections: [lead(`p${i}`, `Page ${i}`, `${text} common`)] }))
        const write = (spaceId: typeof small.id, pages: ReturnType<typeof pagesOf>, replaceAll: boolean) =>
          index.apply({ spaceId, revisionId: newId<RevisionId>(), replaceAll, removedPages: [], pages })
        const run = Effect.map(
          sql<{ first: number; last: number; rows: number }>`SELECT min(id) AS first, max(id) AS last, count(*) AS rows
            FROM search_sections WHERE space_id = ${small.id}`,
          ([row]) => ({ span: row!.last - row!.first + 1, rows: row!.rows })
        )
        const found = (query: string) =>
          Effect.map(index.search({ terms: [word(query)] }, [small.id], { offset: 0, limit: 100 }), (hits) => hits.map((hit) => hit.pageId).sort())

        yield* write(small.id, pagesOf(50, "alpha"), true)
        yield* write(big.id, pagesOf(5_000, "beta"), true)
        // One page of the small space rewritten: its run now spans the big space's 5,000 rows.
        yield* write(small.id, [{ pageId: "p7", sections: [lead("p7", "Page 7", "alpha gamma common")] }], false)
        expect(yield* run).toEqual({ span: 50, rows: 50 })
        yield* sql`INSERT INTO search_terms (search_terms) VALUES ('integrity-check')`
        expect((yield* found("alpha")).length).toBe(50)
        expect(yield* found("gamma")).toEqual(["p7"])
        expect((yield* found("common")).length).toBe(50)
        expect(yield* index.search({ terms: [word("beta")] }, [small.id], { offset: 0, limit: 10 })).toEqual([])

        // A space above the moved size stays where it is, and is searched over its wider run.
        yield* write(big.id, [{ pageId: "p0", sections: [lead("p0", "Page 0", "delta")] }], false)
        const bigRun = yield* sql<{ first: number }>`SELECT min(id) AS first FROM search_sections WHERE space_id = ${big.id}`
        expect(bigRun[0]!.first).toBe(52)
        const inBig = (query: string) =>
          Effect.map(index.search({ terms: [word(query)] }, [big.id], { offset: 0, limit: 10 }), (hits) => hits.map((hit) => hit.pageId))
        expect(yield* inBig("delta")).toEqual(["p0"])
        expect(yield* inBig("beta")).toContain("p1")
      }).pipe(Effect.provide(context))
    })
  )
})
