import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * Each space's Git sync (`GitSyncRepository`): one row per space, gone with the space. The
 * repository's URL is kept without credentials; those travel sealed in the job's payload only.
 * The last operation is kept in `op_*` columns (none before the first).
 */
export const gitSync = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE git_sync (
    space_id ${text} PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
    installation_id ${text} NOT NULL,
    provider ${text} NOT NULL,
    url ${text} NOT NULL,
    ref ${text} NOT NULL,
    project_directory ${text} NOT NULL,
    tree_url ${text},
    commit_url ${text},
    last_timestamp ${text},
    synced_commit ${text},
    synced_revision_id ${text},
    op_job_id ${text},
    op_direction ${text},
    op_state ${text},
    op_started_at ${text},
    op_updated_at ${text},
    op_completed_at ${text},
    op_error ${text},
    created_at ${text} NOT NULL,
    updated_at ${text} NOT NULL
  )`
})
