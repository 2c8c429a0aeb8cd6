import { Schema } from "effect"
import { branchOfRef, normalizeDirectory } from "../git/gitPaths.js"
import { InvalidInput } from "../shared/errors.js"
import { isHttpUrl } from "../shared/httpUrl.js"

const HttpUrl = (description: string) =>
  Schema.String.pipe(
    Schema.maxLength(2048, { message: () => "must be at most 2048 characters" }),
    Schema.filter(isHttpUrl, { message: () => "must be an absolute http(s) URL" })
  ).annotations({ format: "uri", description })

const GitRef = Schema.String.pipe(
  Schema.maxLength(255, { message: () => "must be at most 255 characters" }),
  Schema.pattern(/^refs\/heads\/[^\s~^:?*[\\]+$/, { message: () => "must name a branch as `refs/heads/<branch>`" }),
  Schema.filter((ref) => !(branchOfRef(ref) instanceof InvalidInput), { message: () => "must name a branch as `refs/heads/<branch>`" })
).annotations({ description: 'The branch, as "refs/heads/main"' })

const ProjectDirectory = Schema.String.pipe(
  Schema.maxLength(1024, { message: () => "must be at most 1024 characters" }),
  Schema.filter((directory) => !(normalizeDirectory(directory) instanceof InvalidInput), {
    message: () => "must be a folder path without `.`, `..`, `.git` or empty segments"
  })
).annotations({ description: "The folder of the repository the content lives in" })

/** A date-time; kept as ISO-8601 UTC, so timestamps compare as text. */
const OperationTimestamp = Schema.String.pipe(
  Schema.maxLength(64, { message: () => "must be at most 64 characters" }),
  Schema.filter((text) => /^\d{4}-\d\d-\d\dT/.test(text) && Number.isFinite(Date.parse(text)), {
    message: () => "must be a date-time (ISO 8601, e.g. 2026-01-31T12:00:00Z)"
  })
).annotations({ description: "When the event behind the operation happened: an operation older than the last applied one is ignored" })

/** `gitInfo` (deprecated in the official spec, still taken): what the space shows of its provider. */
const UpdateSpaceGitInfo = Schema.Struct({
  provider: Schema.optional(Schema.Literal("github", "gitlab")),
  url: Schema.optional(HttpUrl("The repository's tree URL"))
}).annotations({ identifier: "UpdateSpaceGitInfo" })

const common = {
  url: HttpUrl("The Git repository (smart HTTP); basic-auth credentials may be given in it, and are never stored"),
  ref: GitRef,
  repoCacheID: Schema.optional(Schema.String.pipe(Schema.maxLength(255, { message: () => "must be at most 255 characters" }))),
  repoTreeURL: Schema.optional(HttpUrl("Prefix of the URLs of the repository's files")),
  repoCommitURL: Schema.optional(HttpUrl("Prefix of the URLs of the repository's commits")),
  repoProjectDirectory: Schema.optional(ProjectDirectory),
  timestamp: Schema.optional(OperationTimestamp),
  force: Schema.optional(Schema.Boolean),
  gitInfo: Schema.optional(UpdateSpaceGitInfo)
}

/** The body of `importGitRepository`. */
export const ImportGitRepositoryInput = Schema.Struct({
  ...common,
  standalone: Schema.optional(Schema.Boolean).annotations({
    description: "Make a revision of the repository's content without moving the space's content to it"
  })
}).annotations({ identifier: "ImportGitRepository" })
export type ImportGitRepositoryInput = typeof ImportGitRepositoryInput.Encoded

/** The body of `exportToGitRepository`. */
export const ExportToGitRepositoryInput = Schema.Struct({
  ...common,
  commitMessage: Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(10_000, { message: () => "must be at most 10000 characters" })
  ),
  standalone: Schema.optional(Schema.Boolean).annotations({
    description: "Export a snapshot: the space's Git sync keeps what it last matched"
  })
}).annotations({ identifier: "ExportToGitRepository" })
export type ExportToGitRepositoryInput = typeof ExportToGitRepositoryInput.Encoded
