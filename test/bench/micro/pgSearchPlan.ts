/**
 * `tsx test/bench/micro/pgSearchPlan.ts [query]`: the Postgres plan (EXPLAIN ANALYZE) of the
 * search statement's matching part over the search micro's corpus (`searchCost.ts` with
 * `MICRO_SEED_CACHE=/tmp/search-seed` seeds it), for one space and for all 200, in a database
 * made for the run and dropped after.
 */
import { PostgresStorage } from "@quire/storage-postgres"
import { Effect, Layer } from "effect"
import { readFileSync } from "node:fs"
import pg from "pg"
import { tsvectorText } from "../../../adapters/sql/src/search/tsvector.js"
import { copySqliteToPostgres } from "../copyToPostgres.js"
import { createDatabase } from "../postgresDatabase.js"

const cache = process.env.MICRO_SEED_CACHE ?? "/tmp/search-seed"
const seeded = JSON.parse(readFileSync(`${cache}/search-200.db.json`, "utf8")) as { spaceIds: Array<string> }
const query = process.argv[2] ?? "quokka:*"
const database = await createDatabase("plan")
try {
  await Effect.runPromise(Effect.scoped(Layer.build(PostgresStorage.layer({ url: database.url, maxConnections: 1 }))))
  await copySqliteToPostgres(`${cache}/search-200.db`, database.url, {
    search_sections: { document: (row) => tsvectorText({ title: String(row.title_terms), heading: String(row.heading_terms), body: String(row.body_terms) }) }
  })
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const plan = async (label: string, ids: Array<string>) => {
    const sql = `EXPLAIN (ANALYZE, BUFFERS) WITH hits AS MATERIALIZED (SELECT s.id, s.space_id, s.page_id, s.anchor,
        CAST(ts_rank('{0.1, 0.1, 0.5, 1}'::real[], s.document, q.query) AS double precision) AS score
      FROM search_sections s, (SELECT CAST($2 AS tsquery) AS query) q
      WHERE s.space_id = ANY($1) AND s.document @@ q.query LIMIT 2000),
      pages AS (
        SELECT space_id, page_id, MAX(score) AS score FROM hits GROUP BY space_id, page_id
        ORDER BY score DESC, space_id, page_id LIMIT 21 OFFSET 0
      ),
      ranked AS (
        SELECT h.id, h.space_id, h.page_id, h.anchor, h.score, p.score AS page_score,
          ROW_NUMBER() OVER (PARTITION BY h.space_id, h.page_id ORDER BY h.score DESC, h.anchor) AS n
        FROM hits h JOIN pages p ON p.space_id = h.space_id AND p.page_id = h.page_id
      )
      SELECT r.space_id, r.page_id, r.page_score, r.anchor, s.heading, s.body, r.score
      FROM ranked r JOIN search_sections s ON s.id = r.id
      WHERE r.n <= 3
      ORDER BY r.page_score DESC, r.space_id, r.page_id, r.n`
    for (let i = 0; i < 3; i++) await client.query(sql, [ids, query])
    const rows = (await client.query(sql, [ids, query])).rows as Array<Record<string, string>>
    console.log(`--- ${label}\n${rows.map((r) => r["QUERY PLAN"]!.replace(/'\{[^}]{200,}\}'/g, "'{…}'")).join("\n")}`)
  }
  await plan("one space", [seeded.spaceIds[5]!])
  await plan("200 spaces", seeded.spaceIds)
  await client.end()
} finally {
  await database.drop()
}
