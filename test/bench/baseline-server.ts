/**
 * The SQLite baseline: what a hand-written server on `node:http` + `better-sqlite3` does for
 * `GET /v1/spaces/{id}` over Quire's own database file. Same rules as Quire (bearer token
 * hashed with sha256, non-members and hidden spaces are 404, permissions from the member's
 * role and the space's resolved level), same JSON, two indexed queries per request (three for
 * a page: its JSON as Quire rendered it).
 *
 * Run as its own process: BENCH_DB=<sqlite file> PORT=<port> PUBLIC_URL=<base> node --import tsx baseline-server.ts
 */
import Database from "better-sqlite3"
import { RENDERED_PAGE, serveSpaces, serverEnv, SPACE_FOR_USER, type SpaceRow, USER_BY_TOKEN_HASH } from "./baselineSpace.js"

const filename = process.env.BENCH_DB
if (!filename) throw new Error("BENCH_DB is required")

const db = new Database(filename, { fileMustExist: true })
db.pragma("journal_mode = WAL")

const userByTokenHash = db.prepare<[string], { id: string }>(USER_BY_TOKEN_HASH)
const spaceForUser = db.prepare<[string, string], SpaceRow>(SPACE_FOR_USER)
const renderedPage = db.prepare<[string, string], { body: string }>(RENDERED_PAGE)

serveSpaces({
  ...serverEnv(),
  name: "baseline (SQLite)",
  userByTokenHash: (hash) => userByTokenHash.get(hash),
  spaceForUser: (userId, spaceId) => spaceForUser.get(userId, spaceId),
  renderedPage: (spaceId, pageId) => renderedPage.get(spaceId, pageId)
})

process.on("SIGTERM", () => process.exit(0))
