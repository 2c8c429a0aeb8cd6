import Database from "better-sqlite3"
import pg from "pg"

/** Postgres takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535
const MAX_ROWS_PER_INSERT = 1_000

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Copies every row of every table of a SQLite file into a Postgres database already migrated
 * to the same schema (same table and column names; TEXT, INTEGER and BLOB→BYTEA values pass
 * as they are), in one transaction, then runs `VACUUM ANALYZE` so the planner knows the rows.
 * The migrations' own table is left alone. Each target table is emptied first: the migrations
 * fill some (`write_lock` has its one row), and the copy makes each table equal the file's.
 */
export const copySqliteToPostgres = async (sqliteFile: string, postgresUrl: string): Promise<void> => {
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true })
  const client = new pg.Client({ connectionString: postgresUrl })
  try {
    await client.connect()
    const tables = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'effect_sql_migrations' ORDER BY name"
      )
      .all()
      .map((t) => t.name)
    await client.query("BEGIN")
    for (const table of tables) {
      const columns = sqlite.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name)
      const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns.length)))
      const head = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES `
      const insert = async (rows: ReadonlyArray<ReadonlyArray<unknown>>) => {
        const tuples = rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`)
        await client.query(head + tuples.join(", "), rows.flat())
      }
      await client.query(`DELETE FROM ${quote(table)}`)
      let batch: Array<ReadonlyArray<unknown>> = []
      for (const row of sqlite.prepare(`SELECT * FROM ${quote(table)}`).raw(true).iterate() as Iterable<Array<unknown>>) {
        batch.push(row)
        if (batch.length === perInsert) {
          await insert(batch)
          batch = []
        }
      }
      if (batch.length > 0) await insert(batch)
    }
    await client.query("COMMIT")
    await client.query("VACUUM ANALYZE")
  } finally {
    sqlite.close()
    await client.end()
  }
}
