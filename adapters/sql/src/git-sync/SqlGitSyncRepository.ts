import { SqlClient } from "@effect/sql/SqlClient"
import { GitSyncRepository } from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { SqlReader } from "../shared/SqlReader.js"
import { fromGitSyncRow, type GitSyncRow, toGitSyncRow } from "./gitSyncRows.js"

const UPDATED_COLUMNS = [
  "installation_id",
  "provider",
  "url",
  "ref",
  "project_directory",
  "tree_url",
  "commit_url",
  "last_timestamp",
  "synced_commit",
  "synced_revision_id",
  "op_job_id",
  "op_direction",
  "op_state",
  "op_started_at",
  "op_updated_at",
  "op_completed_at",
  "op_error",
  "updated_at"
]

export const makeSqlGitSyncRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const onConflict = UPDATED_COLUMNS.map((column) => `${column} = excluded.${column}`).join(", ")
  return GitSyncRepository.of({
    get: (spaceId) =>
      sql<GitSyncRow>`SELECT * FROM git_sync WHERE space_id = ${spaceId}`.pipe(
        read,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), fromGitSyncRow)),
        Effect.orDie
      ),
    put: (record) =>
      sql`INSERT INTO git_sync ${sql.insert({ ...toGitSyncRow(record) })}
        ON CONFLICT (space_id) DO UPDATE SET ${sql.literal(onConflict)}`.pipe(Effect.asVoid, Effect.orDie)
  })
})

export const SqlGitSyncRepository = { layer: Layer.effect(GitSyncRepository, makeSqlGitSyncRepository) }
