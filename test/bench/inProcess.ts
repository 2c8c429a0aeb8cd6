/**
 * Four `Spaces` operations measured in process, through Quire's core services and as the same
 * SQL statements issued directly with the driver (better-sqlite3, or one `pg.Client`): how close
 * Quire comes to the least its statements cost.
 *
 * The statements, per operation, as Quire runs them (found in the repositories and services,
 * confirmed by logging them: on SQLite by wrapping better-sqlite3's `Statement` methods, on
 * Postgres with `log_statement = 'all'` on a scratch database and the server log, and by
 * wrapping `pg.Client#query`). Postgres runs the same texts, `$n` for `?`, with SET
 * TRANSACTION instead of the write-lock UPDATE. Raw runs exactly these, in this order:
 *
 * create (`Spaces.create(org, { title })`): 17 statements
 *   BEGIN; UPDATE write_lock SET id = id (SQLite only: takes the write lock), or
 *   SET TRANSACTION ISOLATION LEVEL SERIALIZABLE (Postgres only);
 *   SELECT the caller's membership (members); SELECT the organization; SELECT 1 whether the
 *   caller owns a team (these three are `Access.organization`);
 *   SAVEPOINT effect_sql_1 (`writeRevision` nests a transaction; the savepoint is never
 *   released, it ends with the COMMIT); INSERT INTO objects (the empty tree and its empty map
 *   node, two rows, already there) ON CONFLICT (hash) DO NOTHING RETURNING hash;
 *   INSERT INTO revisions; SELECT MAX(position) FROM collections, then FROM spaces (the end
 *   key of the root); INSERT INTO spaces; the search index following the new revision
 *   (`SearchIndexer.follow`): SELECT its indexed revision, SELECT the revision, SELECT its root
 *   object, DELETE its sections, INSERT its indexed revision; COMMIT.
 * read (`Spaces.get(id)`): 2 statements
 *   SELECT the space LEFT JOIN the caller's membership (`findWithMembership`). The
 *   organization is not read. SELECT the open comments of its main content (its `comments`).
 * update (`Spaces.update(id, { title })`): 6 statements
 *   BEGIN; UPDATE write_lock (SQLite only) or SET TRANSACTION … SERIALIZABLE (Postgres only);
 *   SELECT the space LEFT JOIN the membership;
 *   UPDATE spaces SET every column but id WHERE id = ?; SELECT its open comments; COMMIT. (A space in a collection
 *   would add a read of the collection; the seeded ones are all at the root.)
 * list (`Spaces.list(org, { limit: 100 })`, first page): 5 statements, no transaction
 *   SELECT the membership; SELECT the organization; SELECT 1 whether the caller owns a team;
 *   SELECT the page (ORDER BY created_at, id LIMIT 101) with the count as a subquery column; SELECT the open comments of the 100.
 *
 * create and list use only the membership of `Access.organization`: the organization row and
 * the team-ownership check are read and left unused (raw reads them too).
 *
 * Reads outside a transaction take a shorter path in Quire: on SQLite a second, read-only
 * connection (adapters/sqlite/src/DirectReader.ts; raw uses its one connection for
 * everything), on Postgres named statements sent on the pool (adapters/postgres/src/PgReader.ts),
 * which raw names too. The rest goes as Quire's client sends it: unnamed statements
 * (`client.query(text, values)`), BEGIN, SAVEPOINT and COMMIT as simple queries. Named or
 * not matters: on the read alone, unnamed took about twice as long (166 against 83 µs).
 *
 * Before measuring, one call of each operation on each side is recorded statement by
 * statement (texts, and on Postgres how each is sent); if raw's differ from Quire's, the run
 * stops and shows both. So a change to Quire's SQL cannot leave raw measuring something else.
 *
 * The run writes to the target database: creates add spaces (at the end of the organization,
 * so the first page does not change), updates change titles.
 */
import {
  Actor,
  EMPTY_MAP_NODE,
  EMPTY_MAP_ROOT,
  keyAtEnd,
  type OrganizationId,
  QuireCore,
  randomId,
  type SpaceId,
  Spaces,
  treeObject,
  type UserId,
  UserRepository
} from "@quire/core"
import { openQuire } from "@quire/embed"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import Database from "better-sqlite3"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import pg from "pg"

export interface InProcessTarget {
  readonly backend: "sqlite" | "postgres"
  /** sqlite: the database file path; postgres: a postgres:// URL */
  readonly database: string
  readonly organizationId: string
  readonly userId: string
  /** Seeded space ids (reads and updates pick among them at random, seeded PRNG). */
  readonly spaceIds: ReadonlyArray<string>
}
export interface Stat {
  readonly medianUs: number
  readonly p99Us: number
}
export interface InProcessFigures {
  readonly create: { readonly quire: Stat; readonly raw: Stat }
  readonly read: { readonly quire: Stat; readonly raw: Stat }
  readonly update: { readonly quire: Stat; readonly raw: Stat }
  readonly list: { readonly quire: Stat; readonly raw: Stat }
}
/**
 * The same read by id through `@quire/embed` (`quire.as(user).spaces.get(id)`, a Promise) and
 * as the Effect call (`Spaces.get` run on a `ManagedRuntime`), alternating: what the facade costs.
 */
export interface FacadeFigures {
  readonly effect: Stat
  readonly facade: Stat
}

const SPACE_COLUMNS =
  "id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, resolved_level, revision_id, position, created_at, updated_at, deleted_at"

/** Quire's statement texts (whitespace aside), with `?` placeholders; numbered for Postgres. */
const SQL = {
  begin: "BEGIN",
  commit: "COMMIT",
  writeLock: "UPDATE write_lock SET id = id",
  serializable: "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
  savepoint: "SAVEPOINT effect_sql_1",
  member:
    "SELECT m.organization_id, m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at FROM members m WHERE m.organization_id = ? AND m.user_id = ?",
  organization:
    "SELECT o.id, o.title, o.created_at, o.updated_at, o.email_domains, o.hostname, o.type, o.default_role, o.default_content_site, o.logo, o.sso, o.ai, o.invite_links FROM organizations o WHERE o.id = ?",
  ownsTeam:
    "SELECT 1 AS one FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = ? AND tm.role = 'owner' AND t.organization_id = ? LIMIT 1",
  insertObjects: `INSERT INTO objects ("hash","kind","body") VALUES (?,?,?),(?,?,?) ON CONFLICT (hash) DO NOTHING RETURNING hash`,
  insertRevision: `INSERT INTO revisions ("id","space_id","parents","type","root","created_at") VALUES (?,?,?,?,?,?)`,
  lastCollection: "SELECT MAX(position) AS position FROM collections WHERE organization_id = ? AND parent_id IS NULL",
  lastSpace:
    "SELECT MAX(position) AS position FROM spaces WHERE (organization_id = ? AND deleted_at IS NULL AND parent_id IS NULL)",
  insertSpace: `INSERT INTO spaces ("id","organization_id","parent_id","title","emoji","visibility","edit_mode","default_level","resolved_level","revision_id","position","created_at","updated_at","deleted_at") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  indexedRevision: "SELECT revision_id FROM search_spaces WHERE space_id = ?",
  revision: "SELECT id, space_id, parents, type, root, created_at FROM revisions WHERE id = ?",
  objects: "SELECT hash, kind, body FROM objects WHERE hash IN (?)",
  dropSections: "DELETE FROM search_sections WHERE space_id = ?",
  indexAt:
    "INSERT INTO search_spaces (space_id, revision_id) VALUES (?, ?) ON CONFLICT (space_id) DO UPDATE SET revision_id = excluded.revision_id",
  spaceWithMember:
    "SELECT s.id, s.organization_id AS space_organization_id, s.parent_id, s.title, s.emoji, s.visibility, s.edit_mode, s.default_level, s.resolved_level, s.revision_id, s.position, s.created_at, s.updated_at, s.deleted_at, m.user_id AS member_user_id, m.organization_id, m.user_id, m.role, m.disabled, m.sso, m.joined_at, m.last_seen_at FROM spaces s LEFT JOIN members m ON m.organization_id = s.organization_id AND m.user_id = ? WHERE s.id = ?",
  updateSpace: `UPDATE spaces SET "organization_id" = ?, "parent_id" = ?, "title" = ?, "emoji" = ?, "visibility" = ?, "edit_mode" = ?, "default_level" = ?, "resolved_level" = ?, "revision_id" = ?, "position" = ?, "created_at" = ?, "updated_at" = ?, "deleted_at" = ? WHERE id = ?`,
  page: `SELECT ${SPACE_COLUMNS}, (SELECT CAST(COUNT(*) AS INTEGER) FROM spaces WHERE (organization_id = ? AND deleted_at IS NULL)) AS total_count FROM spaces WHERE (organization_id = ? AND deleted_at IS NULL AND 1=1) ORDER BY created_at ASC, id ASC LIMIT ?`
} as const

type IndexStatement = "indexedRevision" | "revision" | "objects" | "dropSections" | "indexAt"

/**
 * What `SearchIndexer.follow` sends for a new space (Spaces.create): the index's revision (none),
 * the revision and its (empty) root tree, then the space's sections dropped and its revision recorded.
 */
const indexEmptySpace = (run: (name: IndexStatement, values: Array<unknown>) => unknown, id: string, revisionId: string) => {
  run("indexedRevision", [id])
  run("revision", [revisionId])
  run("objects", [EMPTY_TREE.hash])
  run("dropSections", [id])
  run("indexAt", [id, revisionId])
}

const indexEmptySpaceAsync = async (run: (name: IndexStatement, values: Array<unknown>) => Promise<unknown>, id: string, revisionId: string) => {
  await run("indexedRevision", [id])
  await run("revision", [revisionId])
  await run("objects", [EMPTY_TREE.hash])
  await run("dropSections", [id])
  await run("indexAt", [id, revisionId])
}

/** The open comments of `n` spaces' main content: the counts a space answers with (`spaceCounts.ts`). */
const openComments = (n: number) =>
  `SELECT space_id, CAST(COUNT(*) AS INTEGER) AS count FROM comments WHERE space_id IN (${Array.from({ length: n }, () => "?").join(",")}) AND change_request_id IS NULL AND status = 'open' GROUP BY space_id`

const numbered = (sql: string) => {
  let n = 0
  return sql.replaceAll("?", () => `$${++n}`)
}

/** What `Spaces.create` writes to `objects` for a new space's empty first revision. */
const EMPTY_TREE = treeObject({ pages: EMPTY_MAP_ROOT, children: EMPTY_MAP_ROOT, files: EMPTY_MAP_ROOT, reusables: EMPTY_MAP_ROOT })
const EMPTY_REVISION_OBJECTS = [EMPTY_MAP_NODE, EMPTY_TREE].flatMap((o) => [o.hash, o.kind, o.body])

interface SpaceWithMember {
  readonly space_organization_id: string
  readonly parent_id: string | null
  readonly emoji: string
  readonly visibility: string
  readonly edit_mode: string
  readonly default_level: string | null
  readonly resolved_level: string
  readonly revision_id: string
  readonly position: string
  readonly created_at: string
  readonly deleted_at: string | null
  readonly member_user_id: string | null
}

/** The four operations on one side; each fails (throws or rejects) when the operation fails. */
interface Side {
  readonly create: (title: string) => unknown
  readonly read: (id: string) => unknown
  readonly update: (id: string, title: string) => unknown
  readonly list: () => unknown
}

interface RawSide extends Side {
  /** The first page's ids and the count, to check against Quire's once. */
  readonly firstPage: () => Promise<{ readonly ids: ReadonlyArray<string>; readonly count: number }>
  /** The root object of a space's revision, to check that raw creates write Quire's objects. */
  readonly rootOf: (spaceId: string) => Promise<string | undefined>
  readonly close: () => Promise<void>
}

const fail = (message: string): never => {
  throw new Error(`in-process bench: ${message}`)
}

const ROOT_OF = "SELECT root FROM revisions WHERE id = (SELECT revision_id FROM spaces WHERE id = ?)"

const updateValues = (row: SpaceWithMember, id: string, title: string, at: string) => [
  row.space_organization_id,
  row.parent_id,
  title,
  row.emoji,
  row.visibility,
  row.edit_mode,
  row.default_level,
  row.resolved_level,
  row.revision_id,
  row.position,
  row.created_at,
  at,
  row.deleted_at,
  id
]

const newSpaceValues = (organizationId: string, id: string, revisionId: string, title: string, position: string, at: string) => [
  id,
  organizationId,
  null,
  title,
  "",
  "private",
  "live",
  "inherit",
  "inherit",
  revisionId,
  position,
  at,
  at,
  null
]

const endKey = (positions: ReadonlyArray<string | null | undefined>) =>
  keyAtEnd(positions.flatMap((position) => (position == null ? [] : [{ kind: "space", id: "", position }])))

const withMember = (row: SpaceWithMember | undefined, id: string): SpaceWithMember =>
  row !== undefined && row.member_user_id !== null ? row : fail(`raw: space ${id} was not found with the user's membership`)

const pageOf = (rows: ReadonlyArray<{ id: string; total_count: number }>) =>
  rows.length > 0 ? { ids: rows.map((r) => r.id), count: Number(rows[0]!.total_count) } : fail("raw: the first page is empty")

/** better-sqlite3, every statement prepared once, synchronous as a hand-written server would be. */
const rawSqlite = (target: InProcessTarget): RawSide => {
  const db = new Database(target.database, { fileMustExist: true })
  // As Quire's connection (WAL is already the file's mode).
  db.pragma("busy_timeout = 5000")
  db.pragma("foreign_keys = ON")
  // SET TRANSACTION is Postgres's alone.
  const s = Object.fromEntries(
    Object.entries(SQL)
      .filter(([name]) => name !== "serializable")
      .map(([name, sql]) => [name, db.prepare(sql)])
  ) as { readonly [K in Exclude<keyof typeof SQL, "serializable">]: Database.Statement }
  const org = target.organizationId
  const user = target.userId
  const organizationAccess = () => {
    if (s.member.get(org, user) === undefined) fail("raw: the user is not a member of the organization")
    if (s.organization.get(org) === undefined) fail("raw: the organization was not found")
    s.ownsTeam.get(user, org)
  }
  const openCommentsOf = new Map<number, Database.Statement>()
  const countOpen = (ids: ReadonlyArray<string>) => {
    let statement = openCommentsOf.get(ids.length)
    if (statement === undefined) openCommentsOf.set(ids.length, (statement = db.prepare(openComments(ids.length))))
    return statement.all(...ids)
  }
  const spaceWithMember = (id: string) => withMember(s.spaceWithMember.get(user, id) as SpaceWithMember | undefined, id)
  const page = () => pageOf(s.page.all(org, org, 101) as Array<{ id: string; total_count: number }>)
  return {
    create: (title) => {
      s.begin.run()
      s.writeLock.run()
      organizationAccess()
      s.savepoint.run()
      s.insertObjects.all(...EMPTY_REVISION_OBJECTS)
      const at = new Date().toISOString()
      const id = randomId()
      const revisionId = randomId()
      s.insertRevision.run(revisionId, id, "[]", "edits", EMPTY_TREE.hash, at)
      const lastCollection = s.lastCollection.get(org) as { position: string | null }
      const lastSpace = s.lastSpace.get(org) as { position: string | null }
      s.insertSpace.run(...newSpaceValues(org, id, revisionId, title, endKey([lastCollection.position, lastSpace.position]), at))
      indexEmptySpace((name, values) => (s[name].reader ? s[name].all(...values) : s[name].run(...values)), id, revisionId)
      s.commit.run()
    },
    read: (id) => {
      const row = spaceWithMember(id)
      countOpen([id])
      return row
    },
    update: (id, title) => {
      s.begin.run()
      s.writeLock.run()
      const row = spaceWithMember(id)
      const { changes } = s.updateSpace.run(...updateValues(row, id, title, new Date().toISOString()))
      if (changes !== 1) fail(`raw: updating space ${id} changed ${changes} rows`)
      countOpen([id])
      s.commit.run()
    },
    list: () => {
      organizationAccess()
      const first = page()
      countOpen(first.ids.slice(0, 100))
      return first.count
    },
    firstPage: async () => page(),
    rootOf: async (spaceId) => db.prepare<[string], { root: string }>(ROOT_OF).get(spaceId)?.root,
    close: async () => {
      db.close()
    }
  }
}

/**
 * One `pg.Client`. Reads outside a transaction are named statements, as Quire's `PgReader`
 * sends them; everything else is unnamed (`client.query(text, values)`) or, without
 * values, a simple query, as `@effect/sql-pg` sends them.
 */
const rawPostgres = async (target: InProcessTarget): Promise<RawSide> => {
  const client = new pg.Client({ connectionString: target.database })
  await client.connect()
  const q = Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, numbered(sql)])) as {
    readonly [K in keyof typeof SQL]: string
  }
  const org = target.organizationId
  const user = target.userId
  const unnamed = async (text: string, values: Array<unknown> = []) => (await client.query(text, values)).rows
  const named = async (name: keyof typeof SQL, values: Array<unknown>) =>
    (await client.query({ name: `raw_${name}`, text: q[name], values })).rows
  /** `Access.organization`'s three reads, named outside a transaction as Quire's are. */
  const organizationAccess = async (
    run: (name: "member" | "organization" | "ownsTeam", values: Array<unknown>) => Promise<Array<unknown>>
  ) => {
    if ((await run("member", [org, user])).length === 0) fail("raw: the user is not a member of the organization")
    if ((await run("organization", [org])).length === 0) fail("raw: the organization was not found")
    await run("ownsTeam", [user, org])
  }
  const page = async () => pageOf(await named("page", [org, org, 101]))
  const countOpen = async (ids: ReadonlyArray<string>, send: "named" | "unnamed") =>
    send === "named"
      ? (await client.query({ name: `raw_openComments${ids.length}`, text: numbered(openComments(ids.length)), values: [...ids] })).rows
      : await unnamed(numbered(openComments(ids.length)), [...ids])
  return {
    create: async (title) => {
      await unnamed(q.begin)
      await unnamed(q.serializable)
      await organizationAccess((name, values) => unnamed(q[name], values))
      await unnamed(q.savepoint)
      await unnamed(q.insertObjects, EMPTY_REVISION_OBJECTS)
      const at = new Date().toISOString()
      const id = randomId()
      const revisionId = randomId()
      await unnamed(q.insertRevision, [revisionId, id, "[]", "edits", EMPTY_TREE.hash, at])
      const [lastCollection] = await unnamed(q.lastCollection, [org])
      const [lastSpace] = await unnamed(q.lastSpace, [org])
      const position = endKey([lastCollection?.position, lastSpace?.position])
      await unnamed(q.insertSpace, newSpaceValues(org, id, revisionId, title, position, at))
      await indexEmptySpaceAsync((name, values) => unnamed(q[name], values), id, revisionId)
      await unnamed(q.commit)
    },
    read: async (id) => {
      const row = withMember((await named("spaceWithMember", [user, id]))[0], id)
      await countOpen([id], "named")
      return row
    },
    update: async (id, title) => {
      await unnamed(q.begin)
      await unnamed(q.serializable)
      const row = withMember((await unnamed(q.spaceWithMember, [user, id]))[0], id)
      const { rowCount } = await client.query(q.updateSpace, updateValues(row, id, title, new Date().toISOString()))
      if (rowCount !== 1) fail(`raw: updating space ${id} changed ${rowCount} rows`)
      await countOpen([id], "unnamed")
      await unnamed(q.commit)
    },
    list: async () => {
      await organizationAccess(named)
      const first = await page()
      // Quire's reader names only statements it has seen often; a 100-id IN list goes unnamed.
      await countOpen(first.ids.slice(0, 100), "unnamed")
      return first.count
    },
    firstPage: page,
    rootOf: async (spaceId) => (await unnamed(numbered(ROOT_OF), [spaceId]))[0]?.root,
    close: () => client.end()
  }
}

/**
 * The statements sent while `f` runs, whitespace collapsed, whichever connection sends them
 * (Quire's or raw's); on Postgres each with how it is sent: `simple` (no parameters),
 * `unnamed` or `named`.
 */
const recordStatements = async (backend: InProcessTarget["backend"], f: () => unknown): Promise<Array<string>> => {
  const sent: Array<string> = []
  const flat = (text: string) => text.replace(/\s+/g, " ").trim()
  const restore: Array<() => void> = []
  const wrap = (owner: any, method: string, describe: (self: any, args: Array<any>) => string) => {
    const original = owner[method]
    owner[method] = function (this: unknown, ...args: Array<unknown>) {
      sent.push(describe(this, args))
      return original.apply(this, args)
    }
    restore.push(() => {
      owner[method] = original
    })
  }
  if (backend === "sqlite") {
    // Every connection's statements share one prototype.
    const scratch = new Database(":memory:")
    const prototype = Object.getPrototypeOf(scratch.prepare("SELECT 1"))
    scratch.close()
    for (const method of ["run", "get", "all", "iterate"]) wrap(prototype, method, (self) => flat(self.source))
  } else {
    wrap(pg.Client.prototype, "query", (_, [config, values]) => {
      const query = typeof config === "string" ? { text: config, values } : config
      const how = query.name ? "named" : query.values?.length ? "unnamed" : "simple"
      return `${how}: ${flat(query.text)}`
    })
  }
  try {
    const result = f()
    if (result instanceof Promise) await result
  } finally {
    for (const undo of restore) undo()
  }
  return sent
}

/** Deterministic [0, 1) numbers (mulberry32), so both sides and every run pick the same spaces. */
const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!

const stat = (samples: ReadonlyArray<number>): Stat => {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (us: number) => Math.round(us * 10) / 10
  return { medianUs: round(percentile(sorted, 0.5)), p99Us: round(percentile(sorted, 0.99)) }
}

/** Calls `call(i)` for i in [from, from + n), one at a time; each call's µs. A synchronous call is not awaited. */
const timeCalls = async (from: number, n: number, call: (i: number) => unknown, into: Array<number>) => {
  for (let i = from; i < from + n; i++) {
    const start = performance.now()
    const result = call(i)
    if (result instanceof Promise) await result
    into.push((performance.now() - start) * 1000)
  }
}

type Operation = keyof InProcessFigures
/** Per-side sample counts, relative to `iterations` (the reads'). */
const SHARE: Record<Operation, number> = { read: 1, list: 0.5, update: 0.5, create: 0.25 }
/** Reads first; creates last, so that the seeded rows are what reads and lists see. */
const ORDER: ReadonlyArray<Operation> = ["read", "list", "update", "create"]

/** The core services on the target's database, without tracing, as `quire serve` runs (packages/cli/src/serve.ts). */
const coreRuntime = (target: InProcessTarget) =>
  ManagedRuntime.make(
    QuireCore.layer({ publicUrl: "http://bench.invalid" }).pipe(
      Layer.provideMerge(
        target.backend === "sqlite"
          ? SqliteStorage.layer({ filename: target.database })
          : PostgresStorage.layer({ url: target.database })
      ),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )

/** How many samples per side and in how many alternating rounds (defaults 2,000 and 10). */
export interface SamplingOptions {
  readonly iterations?: number
  readonly rounds?: number
}

/** `options` with their defaults, for a target that has seeded spaces to read. */
const sampling = (target: InProcessTarget, options: SamplingOptions | undefined) => {
  if (target.spaceIds.length === 0) fail("no seeded space ids")
  return { iterations: options?.iterations ?? 2_000, rounds: options?.rounds ?? 10 }
}

/**
 * Median and p99 (µs) of each operation through Quire and raw, on an already seeded database.
 * `iterations` is the reads' sample count per side (2,000); lists and updates take half as many,
 * creates a quarter. Each operation is warmed up (a quarter as many calls, each side), then
 * measured in `rounds` (10) alternating batches: Quire, raw, Quire, raw, … (more rounds, shorter
 * batches: the machine's drift, over seconds, touches both sides alike).
 */
export const measureInProcess = async (
  target: InProcessTarget,
  options?: SamplingOptions
): Promise<InProcessFigures> => {
  const { iterations, rounds } = sampling(target, options)
  const runtime = coreRuntime(target)
  let opened: RawSide | undefined
  try {
    const { spaces, user } = await runtime.runPromise(
      Effect.gen(function* () {
        const found = yield* (yield* UserRepository).findById(target.userId as UserId)
        if (Option.isNone(found)) return yield* Effect.dieMessage(`in-process bench: no user ${target.userId}`)
        return { spaces: yield* Spaces, user: found.value }
      })
    )
    const run = <A, E>(effect: Effect.Effect<A, E, Actor>) => runtime.runPromise(Effect.provideService(effect, Actor, user))
    const raw = target.backend === "sqlite" ? rawSqlite(target) : await rawPostgres(target)
    opened = raw

    const org = target.organizationId as OrganizationId
    const quire: Side = {
      create: (title) => run(spaces.create(org, { title })),
      read: (id) => run(spaces.get(id as SpaceId)),
      update: (id, title) => run(spaces.update(id as SpaceId, { title })),
      list: () =>
        run(spaces.list(org, { limit: 100 })).then((page) => {
          if (page.items.length === 0) fail("Quire: the first page is empty")
          return page.count
        })
    }

    // Both sides must be doing the same work: the same first page, and the same objects for a new space.
    const quirePage = await run(spaces.list(org, { limit: 100 }))
    const rawPage = await raw.firstPage()
    if (quirePage.count !== rawPage.count || quirePage.items.map((s) => s.id).join() !== rawPage.ids.slice(0, 100).join()) {
      fail(`Quire and raw disagree on the first page (counts ${quirePage.count} and ${rawPage.count})`)
    }
    const root = await raw.rootOf(target.spaceIds[0]!)
    if (root !== EMPTY_TREE.hash) {
      fail(`the first revision of ${target.spaceIds[0]} has root ${root}, not the empty tree ${EMPTY_TREE.hash} raw creates write`)
    }

    const ids = target.spaceIds
    const call = (side: Side, operation: Operation, random: () => number) => {
      switch (operation) {
        case "create":
          return (i: number) => side.create(`In-process ${i}`)
        case "read":
          return () => side.read(ids[Math.floor(random() * ids.length)]!)
        case "update":
          return (i: number) => side.update(ids[Math.floor(random() * ids.length)]!, `Updated ${i}`)
        case "list":
          return () => side.list()
      }
    }

    for (const operation of ORDER) {
      const once = (side: Side) => () => call(side, operation, prng(0))(0)
      const quireSent = await recordStatements(target.backend, once(quire))
      const rawSent = await recordStatements(target.backend, once(raw))
      if (quireSent.length === 0) fail(`${operation}: no statement of Quire's was seen; the recording misses its driver`)
      if (quireSent.join("\n") !== rawSent.join("\n")) {
        fail(`${operation}: raw does not send the statements Quire sends.\nQuire:\n  ${quireSent.join("\n  ")}\nraw:\n  ${rawSent.join("\n  ")}`)
      }
    }

    const figures: Partial<Record<Operation, { quire: Stat; raw: Stat }>> = {}
    for (const [o, operation] of ORDER.entries()) {
      const n = Math.max(rounds, Math.round(iterations * SHARE[operation]))
      const warmUp = Math.max(10, Math.round(n / 4))
      await timeCalls(0, warmUp, call(quire, operation, prng(1_000 + o)), [])
      await timeCalls(0, warmUp, call(raw, operation, prng(1_000 + o)), [])
      // The same seed on both sides: they read and update the same spaces in the same order.
      const quireCall = call(quire, operation, prng(o + 1))
      const rawCall = call(raw, operation, prng(o + 1))
      const samples = { quire: [] as Array<number>, raw: [] as Array<number> }
      const perRound = Math.ceil(n / rounds)
      for (let from = 0; from < n; from += perRound) {
        const count = Math.min(perRound, n - from)
        await timeCalls(from, count, quireCall, samples.quire)
        await timeCalls(from, count, rawCall, samples.raw)
      }
      figures[operation] = { quire: stat(samples.quire), raw: stat(samples.raw) }
    }
    return figures as InProcessFigures
  } finally {
    await opened?.close()
    await runtime.dispose()
  }
}

/**
 * Median and p99 (µs) of one space read by id through `@quire/embed` and as the Effect call,
 * each on its own runtime over the same database, `iterations` reads per side after a warm-up
 * (a quarter as many), in `rounds` alternating batches, the same spaces in the same order.
 */
export const measureFacadeRead = async (
  target: InProcessTarget,
  options?: SamplingOptions
): Promise<FacadeFigures> => {
  const { iterations, rounds } = sampling(target, options)
  const runtime = coreRuntime(target)
  const quire = await openQuire({
    database: target.backend === "sqlite" ? `sqlite:${target.database}` : target.database,
    publicUrl: "http://bench.invalid"
  })
  try {
    const { spaces, user } = await runtime.runPromise(
      Effect.gen(function* () {
        const found = yield* (yield* UserRepository).findById(target.userId as UserId)
        if (Option.isNone(found)) return yield* Effect.dieMessage(`in-process bench: no user ${target.userId}`)
        return { spaces: yield* Spaces, user: found.value }
      })
    )
    const facade = quire.as(user)
    const ids = target.spaceIds
    const effectRead = (random: () => number) => () =>
      runtime.runPromise(Effect.provideService(spaces.get(ids[Math.floor(random() * ids.length)]! as SpaceId), Actor, user))
    const facadeRead = (random: () => number) => () => facade.spaces.get(ids[Math.floor(random() * ids.length)]! as SpaceId)
    const first = ids[0]! as SpaceId
    const [viaEffect, viaFacade] = [await effectRead(() => 0)(), await facadeRead(() => 0)()]
    if (viaEffect.id !== first || JSON.stringify(viaEffect) !== JSON.stringify(viaFacade)) {
      fail("the facade and the Effect call read different spaces")
    }
    const warmUp = Math.max(10, Math.round(iterations / 4))
    await timeCalls(0, warmUp, effectRead(prng(2_000)), [])
    await timeCalls(0, warmUp, facadeRead(prng(2_000)), [])
    const onEffect = effectRead(prng(7))
    const onFacade = facadeRead(prng(7))
    const samples = { effect: [] as Array<number>, facade: [] as Array<number> }
    const perRound = Math.ceil(iterations / rounds)
    for (let from = 0; from < iterations; from += perRound) {
      const count = Math.min(perRound, iterations - from)
      await timeCalls(from, count, onEffect, samples.effect)
      await timeCalls(from, count, onFacade, samples.facade)
    }
    return { effect: stat(samples.effect), facade: stat(samples.facade) }
  } finally {
    await quire.close()
    await runtime.dispose()
  }
}
