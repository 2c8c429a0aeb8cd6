import Database from "better-sqlite3"
import pg from "pg"

/** Postgres takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535
const MAX_ROWS_PER_INSERT = 1_000

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** A Postgres column the SQLite file does not have, made from the SQLite row (by column name). */
export type DerivedColumns = Readonly<Record<string, Readonly<Record<string, (row: Readonly<Record<string, unknown>>) => unknown>>>>

/** The tables in an order where each comes after the tables its foreign keys reference (by name otherwise). */
const referencedFirst = async (client: pg.Client, tables: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const edges = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`
  )
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]))
  for (const { child, parent } of edges.rows) if (child !== parent) parents.get(child)?.add(parent)
  const ordered: Array<string> = []
  const visit = (table: string, path: ReadonlySet<string>) => {
    if (ordered.includes(table) || path.has(table)) return
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, new Set([...path, table]))
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

/**
 * SQLite's virtual tables (FTS5) and their shadow tables (`<name>_data`, …): an index SQLite
 * keeps of other tables' rows, which Postgres keeps its own way (in a column of the table).
 */
const virtualTables = (sqlite: Database.Database): ReadonlySet<string> => {
  const virtual = sqlite
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
    .all()
    .map((t) => t.name)
  const all = sqlite.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((t) => t.name)
  return new Set(all.filter((name) => virtual.some((v) => name === v || name.startsWith(`${v}_`))))
}

/**
 * Copies every row of every table of a SQLite file into a Postgres database already migrated
 * to the same schema (same table and column names; TEXT, INTEGER and BLOB→BYTEA values pass
 * as they are), in one transaction, then runs `VACUUM ANALYZE` so the planner knows the rows.
 * The migrations' own table is left alone. Each target table is emptied first: the migrations
 * fill some (`write_lock` has its one row), and the copy makes each table equal the file's.
 * SQLite's virtual tables are not copied; a column only Postgres has takes its default, or is
 * made by `derived` (the search index's tsvector from the token texts SQLite keeps); one with
 * neither is an error.
 */
export const copySqliteToPostgres = async (sqliteFile: string, postgresUrl: string, derived: DerivedColumns = {}): Promise<void> => {
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true })
  const client = new pg.Client({ connectionString: postgresUrl })
  try {
    await client.connect()
    const skipped = virtualTables(sqlite)
    const tables = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'effect_sql_migrations' ORDER BY name"
      )
      .all()
      .map((t) => t.name)
      .filter((name) => !skipped.has(name))
    await client.query("BEGIN")
    for (const table of await referencedFirst(client, tables)) {
      const sqliteColumns = sqlite.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name)
      const target = await client.query<{
        column_name: string
        is_nullable: "YES" | "NO"
        column_default: string | null
        is_generated: string
        identity_generation: string | null
      }>(
        `SELECT column_name, is_nullable, column_default, is_generated, identity_generation
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table]
      )
      const targetColumns = new Set(target.rows.map((c) => c.column_name))
      const shared = sqliteColumns.filter((c) => targetColumns.has(c))
      const made = derived[table] ?? {}
      // A column only Postgres has, that nothing would fill: it needs `derived`.
      const unfilled = (c: (typeof target.rows)[number]) =>
        c.is_nullable === "NO" && c.column_default === null && c.identity_generation === null && c.is_generated === "NEVER"
      const missing = target.rows.filter((c) => !sqliteColumns.includes(c.column_name) && !(c.column_name in made) && unfilled(c))
      if (missing.length > 0) {
        throw new Error(`copyToPostgres: ${table}.${missing.map((c) => c.column_name).join(", ")} is only in Postgres: say how to make it (DerivedColumns)`)
      }
      const columns = [...shared, ...Object.keys(made)]
      // A column Postgres generates "ALWAYS" (an identity) takes the file's values only when told to.
      const identities = target.rows.filter((c) => shared.includes(c.column_name) && c.identity_generation !== null).map((c) => c.column_name)
      const overriding = identities.length > 0 ? " OVERRIDING SYSTEM VALUE" : ""
      const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns.length)))
      const head = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")})${overriding} VALUES `
      const insert = async (rows: ReadonlyArray<ReadonlyArray<unknown>>) => {
        const tuples = rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
        await client.query(head + tuples.join(", "), rows.flat())
      }
      await client.query(`DELETE FROM ${quote(table)}`)
      let batch: Array<ReadonlyArray<unknown>> = []
      const derive = Object.values(made)
      const sharedAt = shared.map((c) => sqliteColumns.indexOf(c))
      const select = `SELECT ${sqliteColumns.map(quote).join(", ")} FROM ${quote(table)}`
      for (const row of sqlite.prepare(select).raw(true).iterate() as Iterable<Array<unknown>>) {
        const values = sharedAt.map((i) => row[i])
        if (derive.length > 0) {
          const named = Object.fromEntries(sqliteColumns.map((c, i) => [c, row[i]]))
          for (const make of derive) values.push(make(named))
        }
        batch.push(values)
        if (batch.length === perInsert) {
          await insert(batch)
          batch = []
        }
      }
      if (batch.length > 0) await insert(batch)
      // The next identity Postgres gives must follow the copied ones.
      for (const column of identities) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), (SELECT COALESCE(MAX(${quote(column)}), 0) + 1 FROM ${quote(table)}), false)`,
          [quote(table), column]
        )
      }
    }
    await client.query("COMMIT")
    await client.query("VACUUM ANALYZE")
  } finally {
    sqlite.close()
    await client.end()
  }
}
