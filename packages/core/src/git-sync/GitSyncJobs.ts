import { Schema } from "effect"
import { jobKind } from "../jobs/JobKind.js"

/**
 * What a Git sync job needs. The URL is kept without credentials; the credentials, when the
 * request's URL held some, only sealed (`SecretSeal`), so the queue never holds them in clear.
 */
export const GitSyncJobPayload = Schema.Struct({
  spaceId: Schema.String,
  url: Schema.String,
  sealedCredentials: Schema.NullOr(Schema.String),
  ref: Schema.String,
  projectDirectory: Schema.String,
  timestamp: Schema.NullOr(Schema.String),
  force: Schema.Boolean,
  standalone: Schema.Boolean,
  /** Export only. */
  commitMessage: Schema.NullOr(Schema.String),
  /** Who asked: the export's commit author. */
  requestedBy: Schema.String
})
export type GitSyncJobPayload = typeof GitSyncJobPayload.Type

/** Pulls a branch's files into the space (`importGitRepository`). */
export const GitImportJob = jobKind("git-sync.import", GitSyncJobPayload)
/** Pushes the space's content as one commit (`exportToGitRepository`). */
export const GitExportJob = jobKind("git-sync.export", GitSyncJobPayload)
