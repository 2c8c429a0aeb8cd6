/**
 * The benchmark's seed (`../seed.ts`: one user with a token, one organization, N spaces), made
 * in SQLite and copied into a fresh Postgres database as `pnpm bench` does (`../backends.ts`).
 * `drop()` removes the database.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { postgresBackend } from "../backends.js"
import { type Seeded, seed } from "../seed.js"

export interface PostgresSeeded {
  readonly url: string
  readonly seeded: Seeded
  readonly drop: () => Promise<void>
}

export const seedPostgres = async (spaces: number): Promise<PostgresSeeded> => {
  const dir = mkdtempSync(join(tmpdir(), "quire-pg-seed-"))
  try {
    const seeded = await seed({ filename: join(dir, "q.db"), spaces, serviceBudgetSeconds: 5, minServiceSpaces: 100 })
    const backend = await postgresBackend(seeded)
    return { url: backend.database, seeded, drop: backend.release }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
