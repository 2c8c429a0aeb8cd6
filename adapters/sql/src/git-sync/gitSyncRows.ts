import type { GitSyncRecord, JobId, RevisionId, SpaceId, Timestamp } from "@quire/core"

/** How a `GitSyncRecord` is kept in `git_sync` (0012_git_sync.ts), and read back. */
export interface GitSyncRow {
  readonly spaceId: string
  readonly installationId: string
  readonly provider: string
  readonly url: string
  readonly ref: string
  readonly projectDirectory: string
  readonly treeUrl: string | null
  readonly commitUrl: string | null
  readonly lastTimestamp: string | null
  readonly syncedCommit: string | null
  readonly syncedRevisionId: string | null
  readonly opJobId: string | null
  readonly opDirection: string | null
  readonly opState: string | null
  readonly opStartedAt: string | null
  readonly opUpdatedAt: string | null
  readonly opCompletedAt: string | null
  readonly opError: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

export const toGitSyncRow = (record: GitSyncRecord): GitSyncRow => ({
  spaceId: record.spaceId,
  installationId: record.installationId,
  provider: record.provider,
  url: record.url,
  ref: record.ref,
  projectDirectory: record.projectDirectory,
  treeUrl: record.treeUrl,
  commitUrl: record.commitUrl,
  lastTimestamp: record.lastTimestamp,
  syncedCommit: record.commit,
  syncedRevisionId: record.revisionId,
  opJobId: record.operation?.jobId ?? null,
  opDirection: record.operation?.direction ?? null,
  opState: record.operation?.state ?? null,
  opStartedAt: record.operation?.startedAt ?? null,
  opUpdatedAt: record.operation?.updatedAt ?? null,
  opCompletedAt: record.operation?.completedAt ?? null,
  opError: record.operation?.error ?? null,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt
})

export const fromGitSyncRow = (row: GitSyncRow): GitSyncRecord => ({
  spaceId: row.spaceId as SpaceId,
  installationId: row.installationId,
  provider: row.provider as GitSyncRecord["provider"],
  url: row.url,
  ref: row.ref,
  projectDirectory: row.projectDirectory,
  treeUrl: row.treeUrl,
  commitUrl: row.commitUrl,
  lastTimestamp: row.lastTimestamp as Timestamp | null,
  commit: row.syncedCommit,
  revisionId: row.syncedRevisionId as RevisionId | null,
  operation:
    row.opJobId === null
      ? null
      : {
          jobId: row.opJobId as JobId,
          direction: row.opDirection as "import" | "export",
          state: row.opState as "running" | "failure" | "success",
          startedAt: row.opStartedAt as Timestamp,
          updatedAt: row.opUpdatedAt as Timestamp,
          completedAt: row.opCompletedAt as Timestamp | null,
          error: row.opError
        },
  createdAt: row.createdAt as Timestamp,
  updatedAt: row.updatedAt as Timestamp
})
