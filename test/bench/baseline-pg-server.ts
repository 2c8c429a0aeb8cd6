/**
 * The Postgres baseline: `GET /v1/spaces/{id}` by a hand-written `node:http` + `pg` server over
 * the same rows Quire serves, with the same rules and JSON as the SQLite baseline. A pool as
 * large as Quire's (pg's default, 10), and named statements, so that Postgres parses and plans
 * each once per connection: the best a hand-written server does with this driver.
 *
 * Run as its own process: BENCH_DATABASE_URL=<postgres url> PORT=<port> PUBLIC_URL=<base> node --import tsx baseline-pg-server.ts
 */
import pg from "pg"
import { RENDERED_PAGE, serveSpaces, serverEnv, SPACE_FOR_USER, type SpaceRow, USER_BY_TOKEN_HASH } from "./baselineSpace.js"

const url = process.env.BENCH_DATABASE_URL
if (!url) throw new Error("BENCH_DATABASE_URL is required")

const pool = new pg.Pool({ connectionString: url, max: 10 })

const numbered = (text: string) => {
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

const query = <A extends pg.QueryResultRow>(name: string, text: string) => {
  const config = { name, text: numbered(text) }
  return async (...values: Array<string>): Promise<A | undefined> => (await pool.query<A>({ ...config, values })).rows[0]
}

serveSpaces({
  ...serverEnv(),
  name: "baseline (Postgres)",
  userByTokenHash: query<{ id: string }>("user_by_token_hash", USER_BY_TOKEN_HASH),
  spaceForUser: query<SpaceRow>("space_for_user", SPACE_FOR_USER),
  renderedPage: query<{ body: string }>("rendered_page", RENDERED_PAGE)
})

process.on("SIGTERM", () => void pool.end().finally(() => process.exit(0)))
