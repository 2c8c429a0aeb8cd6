import pg from "pg"
import { createDatabase } from "../postgresDatabase.js"
import { type Corpus, rawSections } from "./corpus.js"
import type { RawEngine } from "./rawEngine.js"
import { isSubstringClass, RAW_LIMIT, rawWords } from "./rawQuery.js"

const SCHEMA = `
  CREATE EXTENSION IF NOT EXISTS unaccent;
  CREATE TABLE sections (
    space_id text NOT NULL, page_id text NOT NULL, anchor text NOT NULL,
    title text NOT NULL, heading text NOT NULL, body text NOT NULL,
    terms tsvector
  );`

/** `unaccent` is not immutable, so the vector is filled by an update, not a generated column. */
const INDEX = `
  UPDATE sections SET terms =
    setweight(to_tsvector('simple', unaccent(title)), 'A') ||
    setweight(to_tsvector('simple', unaccent(heading)), 'B') ||
    to_tsvector('simple', unaccent(body));
  CREATE INDEX sections_terms ON sections USING gin (terms);
  CREATE INDEX sections_space ON sections (space_id);`

/** Every match ranked, `ts_headline` only on the top 20 (it re-parses the text: costly). */
const MATCH = (tsquery: string) => `
  WITH query AS (SELECT ${tsquery} AS q),
  top AS (
    SELECT s.space_id, s.page_id, s.anchor, s.heading, s.body, ts_rank(s.terms, query.q) AS score, query.q
    FROM sections s, query
    WHERE s.terms @@ query.q AND s.space_id = ANY($2)
    ORDER BY score DESC
    LIMIT ${RAW_LIMIT}
  )
  SELECT space_id, page_id, anchor, heading, score, ts_headline('simple', unaccent(body), q) AS snippet
  FROM top ORDER BY score DESC`

/** The natural tsquery for each class; `to_tsquery` takes the text as typed only for the hostile class. */
const TSQUERY: Record<string, string> = {
  phrase: "phraseto_tsquery('simple', unaccent($1))",
  prefix: "to_tsquery('simple', unaccent($1) || ':*')",
  hostile: "to_tsquery('simple', $1)",
  words: "plainto_tsquery('simple', unaccent($1))"
}

/** No word boundaries in CJK text for the `simple` parser: a scan for the substring, ranked by where it occurs. */
const SUBSTRING = `
  SELECT space_id, page_id, anchor, strpos(body, $1) AS at, substr(body, greatest(strpos(body, $1) - 30, 1), 80) AS snippet
  FROM sections
  WHERE body LIKE '%' || $1 || '%' AND space_id = ANY($2)
  ORDER BY at
  LIMIT ${RAW_LIMIT}`

const ROWS_PER_INSERT = 1_000

/** The corpus in a database of its own (dropped by `close`): a `tsvector` of `simple` + `unaccent`, GIN-indexed. */
export const rawPostgresEngine = async (corpus: Corpus): Promise<RawEngine> => {
  const database = await createDatabase("search_raw")
  const client = new pg.Client({ connectionString: database.url })
  try {
    const started = performance.now()
    await client.connect()
    await client.query(SCHEMA)
    let batch: Array<ReadonlyArray<string>> = []
    const flush = async () => {
      const tuples = batch.map((_, r) => `(${[1, 2, 3, 4, 5, 6].map((c) => `$${r * 6 + c}`).join(", ")})`)
      await client.query(`INSERT INTO sections (space_id, page_id, anchor, title, heading, body) VALUES ${tuples.join(", ")}`, batch.flat())
      batch = []
    }
    for (const s of rawSections(corpus)) {
      batch.push([s.spaceId, s.pageId, s.anchor, s.title, s.heading, s.body])
      if (batch.length === ROWS_PER_INSERT) await flush()
    }
    if (batch.length > 0) await flush()
    await client.query(INDEX)
    await client.query("VACUUM ANALYZE sections")
    const buildSeconds = (performance.now() - started) / 1000

    return {
      title: "raw tsvector",
      buildSeconds,
      plan: async (queryClass, text, spaceIds) => {
        if (isSubstringClass(queryClass)) return { kind: "substring", input: text }
        const tsquery = TSQUERY[queryClass.name] ?? TSQUERY.words!
        const input = queryClass.name === "phrase" ? text.replaceAll('"', "") : text
        try {
          await client.query(MATCH(tsquery), [input, spaceIds])
          return { kind: "match", input, form: tsquery }
        } catch (error) {
          const safe = rawWords(text).join(" ")
          return { kind: "match", input: safe, form: TSQUERY.words!, error: `${(error as Error).message} → plainto_tsquery('${safe}')` }
        }
      },
      run: async (plan, spaceIds) => {
        if (plan.kind === "substring") return (await client.query(SUBSTRING, [plan.input, spaceIds])).rowCount ?? 0
        return (await client.query(MATCH(plan.form ?? TSQUERY.words!), [plan.input, spaceIds])).rowCount ?? 0
      },
      close: async () => {
        await client.end()
        await database.drop()
      }
    }
  } catch (error) {
    await client.end().catch(() => {})
    await database.drop()
    throw error
  }
}
