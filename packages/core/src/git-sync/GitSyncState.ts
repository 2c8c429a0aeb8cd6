import { Schema } from "effect"
import type { GitSyncRecord } from "../storage/git-sync/GitSyncRecord.js"

const GitSyncStateOperation = Schema.Struct({
  state: Schema.Literal("running", "failure", "success", "timeout"),
  direction: Schema.Literal("export", "import"),
  startedAt: Schema.String,
  endedAt: Schema.optional(Schema.String),
  error: Schema.optional(Schema.String)
})

/** What `getSpaceGitInfo` answers: the official `GitSyncState`. */
export const GitSyncState = Schema.Struct({
  installationId: Schema.String,
  installationProvider: Schema.Literal("github", "gitlab", "github-legacy"),
  installationStatus: Schema.Literal("unauthenticated", "active", "pending"),
  repoName: Schema.optional(Schema.String),
  url: Schema.optional(Schema.String),
  operation: Schema.optional(GitSyncStateOperation),
  updatedAt: Schema.optional(Schema.String)
}).annotations({ identifier: "GitSyncState" })
export type GitSyncState = typeof GitSyncState.Type

/** The repository's name: the last segment of its URL's path, without `.git`. */
const repoNameOf = (url: string): string | undefined => {
  try {
    const segments = new URL(url).pathname.split("/").filter((segment) => segment !== "")
    const last = segments.at(-1)
    return last === undefined ? undefined : last.replace(/\.git$/, "")
  } catch {
    return undefined
  }
}

/**
 * A space's Git sync as the API shows it. Quire reaches the repository itself (no installed
 * app), so the installation is `active` once configured; `url` is where the files are shown
 * (`repoTreeURL` or `gitInfo.url`), else the repository's URL (never with credentials).
 */
export const gitSyncStateOf = (record: GitSyncRecord): GitSyncState => {
  const repoName = repoNameOf(record.url)
  const operation = record.operation
  return {
    installationId: record.installationId,
    installationProvider: record.provider,
    installationStatus: "active",
    ...(repoName === undefined ? {} : { repoName }),
    url: record.treeUrl ?? record.url,
    ...(operation === null
      ? {}
      : {
          operation: {
            state: operation.state,
            direction: operation.direction,
            startedAt: operation.startedAt,
            ...(operation.completedAt === null ? {} : { endedAt: operation.completedAt }),
            ...(operation.error === null ? {} : { error: operation.error })
          }
        }),
    updatedAt: record.updatedAt
  }
}
