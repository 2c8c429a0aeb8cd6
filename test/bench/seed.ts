import { Actor, ApiTokens, Ids, keyAtEnd, Organizations, QuireCore, randomId, Spaces, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import Database from "better-sqlite3"
import { Effect, Layer } from "effect"
import { RENDERED_PAGES_TABLE } from "./baselineSpace.js"
import type { Corpus } from "./search/corpus.js"
import { type SeededCorpus, seedCorpus } from "./search/seedCorpus.js"
import { type ContentSpace, seedContentSpaces } from "./seedContent.js"
import { type PublishedSite, seedPublishedSite } from "./seedSite.js"

export interface Seeded {
  readonly filename: string
  readonly userId: string
  readonly token: string
  readonly organizationId: string
  /** Every seeded space id, in creation order. */
  readonly spaceIds: ReadonlyArray<string>
  readonly viaService: number
  readonly viaBulk: number
  /** Spaces of 10 and 10,000 pages, in an organization of their own, and their page ids. */
  readonly content: ReadonlyArray<ContentSpace>
  /** A published public site with a section per content space (`seedSite.ts`). */
  readonly site: PublishedSite
  /** The search corpus in an organization of its own, when the search section runs. */
  readonly search: SeededCorpus | undefined
  readonly seconds: number
}

export interface SeedOptions {
  readonly filename: string
  readonly spaces: number
  /** Spaces.create is used until this many seconds are spent (projected), then rows are copied in bulk. */
  readonly serviceBudgetSeconds: number
  /** At least this many spaces are made by the service, whatever the budget, to copy the shape of. */
  readonly minServiceSpaces: number
  /** The search benchmark's corpus, to seed in an organization of its own. */
  readonly searchCorpus?: Corpus | undefined
}

const spaceTitle = (n: number) => `Space ${String(n).padStart(5, "0")}`

const tableCounts = (db: Database.Database): Map<string, number> => {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
  return new Map(tables.map(({ name }) => [name, db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM "${name}"`).get()!.n]))
}

/** The tables the bulk copy writes: a space, its first revision, and the revision its search index is at. */
const COPIED_TABLES = new Set(["spaces", "revisions", "search_spaces"])

/** Tables other than those copied that one Spaces.create wrote to: the bulk copy would miss their rows. */
const otherTablesWritten = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].filter(([name, n]) => !COPIED_TABLES.has(name) && n !== (before.get(name) ?? 0)).map(([name]) => name)

const RECENT = 50

/** The page counts of the content spaces (`seedContent.ts`). */
export const CONTENT_SIZES = [10, 10_000] as const

/**
 * Seconds all `total` creates would take: those done so far, plus the rest at the pace of the
 * last few. The pace of the last few, not the average: a create that reads every sibling gets
 * slower as the organization fills.
 */
const projectedSeconds = (finishedAt: ReadonlyArray<number>, started: number, total: number): number => {
  const done = finishedAt.length
  if (done === 0) return 0
  const last = finishedAt[done - 1]!
  const window = Math.min(RECENT, done)
  const windowStart = done > window ? finishedAt[done - 1 - window]! : started
  const recentPerCreate = (last - windowStart) / window
  return (last - started + recentPerCreate * (total - done)) / 1000
}

/**
 * The rest of the spaces as copies of the last rows Spaces.create wrote (the space and its
 * first revision): every column as the service writes it, with what differs per space made the
 * way the service makes it (a random id and revision id, the next fractional position at the
 * end of the root, the current time).
 */
const copySpaces = (db: Database.Database, templateId: string, from: number, to: number): Array<string> => {
  const template = db.prepare<[string], Record<string, unknown>>("SELECT * FROM spaces WHERE id = ?").get(templateId)
  if (!template) throw new Error(`seed: the service-made space ${templateId} is not in the spaces table`)
  const revision = db
    .prepare<[string], Record<string, unknown>>("SELECT * FROM revisions WHERE id = ?")
    .get(template.revision_id as string)
  if (!revision) throw new Error(`seed: the first revision of ${templateId} is not in the revisions table`)
  const insertInto = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row)
    return db.prepare(
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`
    )
  }
  const insertSpace = insertInto("spaces", template)
  const insertRevision = insertInto("revisions", revision)
  // An empty space's index has no sections, only the revision it is at (the space's first).
  const indexed = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'search_spaces'").get()!.n > 0
    ? db.prepare<[string], Record<string, unknown>>("SELECT * FROM search_spaces WHERE space_id = ?").get(templateId)
    : undefined
  const insertIndexed = indexed ? insertInto("search_spaces", indexed) : undefined
  const last = db
    .prepare<[string], { position: string }>(
      "SELECT MAX(position) AS position FROM spaces WHERE organization_id = ? AND parent_id IS NULL AND deleted_at IS NULL"
    )
    .get(template.organization_id as string)!
  let position = last.position
  const ids: Array<string> = []
  db.transaction(() => {
    for (let n = from; n < to; n++) {
      const at = new Date().toISOString()
      position = keyAtEnd([{ kind: "space", id: "", position }])
      const id = randomId()
      const revisionId = randomId()
      insertRevision.run({ ...revision, id: revisionId, space_id: id, created_at: at })
      insertSpace.run({
        ...template,
        id,
        title: spaceTitle(n + 1),
        revision_id: revisionId,
        position,
        created_at: at,
        updated_at: at
      })
      insertIndexed?.run({ ...indexed, space_id: id, revision_id: revisionId })
      ids.push(id)
    }
  })()
  return ids
}

/**
 * One user with an API token, one organization, `options.spaces` spaces, in a fresh SQLite
 * file, through the core services; past the time budget, the remaining spaces are copied
 * in bulk from the shape of a service-made row.
 */
export const seed = async (options: SeedOptions): Promise<Seeded> => {
  const started = performance.now()
  const storage = SqliteStorage.layer({ filename: options.filename })
  const core = QuireCore.layer({ publicUrl: "http://seed.invalid" }).pipe(Layer.provideMerge(storage))

  // The database is closed when the layer is released, before the bulk copy opens it.
  const result = await Effect.runPromise(seedAsUser(options).pipe(Effect.provide(core), Effect.provide(Ids.random)))
  const db = new Database(options.filename)
  try {
    const viaService = result.spaceIds.length
    let bulkIds: Array<string> = []
    if (viaService < options.spaces) {
      if (result.wroteElsewhere.length > 0) {
        throw new Error(
          `seed: Spaces.create also writes to ${result.wroteElsewhere.join(", ")}; the bulk copy only copies spaces rows. ` +
            "Teach test/bench/seed.ts to copy those rows too."
        )
      }
      bulkIds = copySpaces(db, result.spaceIds[viaService - 1]!, viaService, options.spaces)
    }
    db.exec(RENDERED_PAGES_TABLE)
    return {
      filename: options.filename,
      userId: result.userId,
      token: result.token,
      organizationId: result.organizationId,
      spaceIds: [...result.spaceIds, ...bulkIds],
      viaService,
      viaBulk: bulkIds.length,
      content: result.content,
      site: result.site,
      search: result.search,
      seconds: (performance.now() - started) / 1000
    }
  } finally {
    db.close()
  }
}

const seedAsUser = (options: SeedOptions) =>
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: "bench@example.com", displayName: "Bench User" })
    const token = yield* (yield* ApiTokens).issue(user.id, "bench")
    return yield* Effect.provideService(
      Effect.gen(function* () {
        const spaces = yield* asUser(options, user.id, token)
        const content = yield* seedContentSpaces(CONTENT_SIZES)
        const site = yield* seedPublishedSite(content)
        const search = options.searchCorpus === undefined ? undefined : yield* seedCorpus(options.searchCorpus)
        return { ...spaces, content, site, search }
      }),
      Actor,
      user
    )
  })

const asUser = (options: SeedOptions, userId: string, token: string) =>
  Effect.gen(function* () {
    const organization = yield* (yield* Organizations).create({ title: "Bench Organization" })
    const spaces = yield* Spaces
    const spaceIds: Array<string> = []
    const finishedAt: Array<number> = []
    const started = performance.now()
    // A second, read-only connection counts rows per table around one Spaces.create.
    const wroteElsewhere = yield* Effect.acquireUseRelease(
      Effect.sync(() => new Database(options.filename, { readonly: true })),
      (db) =>
        Effect.gen(function* () {
          let written: Array<string> = []
          for (let n = 0; n < options.spaces; n++) {
            const over = projectedSeconds(finishedAt, started, options.spaces) > options.serviceBudgetSeconds
            if (n >= options.minServiceSpaces && over) break
            // The call right before the first point where the seed may switch to copying is watched.
            const before = n === options.minServiceSpaces - 1 ? tableCounts(db) : undefined
            const space = yield* spaces.create(organization.id, { title: spaceTitle(n + 1) })
            if (before) written = otherTablesWritten(before, tableCounts(db))
            spaceIds.push(space.id)
            finishedAt.push(performance.now())
          }
          return written
        }),
      (db) => Effect.sync(() => db.close())
    )
    return { userId, token, organizationId: organization.id, spaceIds, wroteElsewhere }
  })
