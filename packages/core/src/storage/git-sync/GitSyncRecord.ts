import type { RevisionId, SpaceId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"
import type { JobId } from "../jobs/JobRecord.js"

export type GitSyncDirection = "import" | "export"
/** `running` from the request until the job ends (queued included); the official states. */
export type GitSyncOperationState = "running" | "failure" | "success"
export type GitSyncProvider = "github" | "gitlab"

/** The last import or export asked of a space, and the job that does it. */
export interface GitSyncOperationRecord {
  readonly jobId: JobId
  readonly direction: GitSyncDirection
  readonly state: GitSyncOperationState
  readonly startedAt: Timestamp
  readonly updatedAt: Timestamp
  /** When it ended, either way. */
  readonly completedAt: Timestamp | null
  /** Why it failed (no credentials in it), or why it did nothing (an older operation). */
  readonly error: string | null
}

/**
 * A space's Git sync: the repository it syncs with (never its credentials), what it last
 * matched, and its last operation. One per space, made by its first import or export.
 */
export interface GitSyncRecord {
  readonly spaceId: SpaceId
  readonly installationId: string
  readonly provider: GitSyncProvider
  /** The repository's URL without credentials. */
  readonly url: string
  /** `refs/heads/<branch>`. */
  readonly ref: string
  /** The folder of the repository the content lives in; `""` for the top. */
  readonly projectDirectory: string
  /** Where the repository's files are shown (`repoTreeURL`, or `gitInfo.url`). */
  readonly treeUrl: string | null
  readonly commitUrl: string | null
  /** The `timestamp` of the last operation applied: an older one is ignored. */
  readonly lastTimestamp: Timestamp | null
  /** The commit the space's content last matched (imported from or exported to). */
  readonly commit: string | null
  /** The space's revision that matched `commit`. */
  readonly revisionId: RevisionId | null
  readonly operation: GitSyncOperationRecord | null
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}
