import { Effect, Option } from "effect"
import { normalizeDirectory } from "../git/gitPaths.js"
import { parseRemoteUrl } from "../git/remoteUrl.js"
import { Jobs } from "../jobs/Jobs.js"
import { Access } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import { makeId, type SpaceId } from "../shared/ids.js"
import { SecretSeal } from "../shared/SecretSeal.js"
import { now } from "../shared/time.js"
import { validate } from "../shared/validation.js"
import type { GitSyncDirection, GitSyncProvider, GitSyncRecord } from "../storage/git-sync/GitSyncRecord.js"
import { GitSyncRepository } from "../storage/git-sync/GitSyncRepository.js"
import { Storage } from "../storage/Storage.js"
import { ExportToGitRepositoryInput, ImportGitRepositoryInput } from "./GitSyncInput.js"
import { GitExportJob, GitImportJob, type GitSyncJobPayload } from "./GitSyncJobs.js"
import { gitSyncStateOf } from "./GitSyncState.js"

/** The provider shown for a repository: the one `gitInfo` names, else GitLab for a GitLab host, else GitHub. */
const providerOf = (url: string, named: GitSyncProvider | undefined): GitSyncProvider =>
  named ?? (new URL(url).hostname.toLowerCase().includes("gitlab") ? "gitlab" : "github")

type Request = (typeof ImportGitRepositoryInput.Type | typeof ExportToGitRepositoryInput.Type) & {
  readonly commitMessage?: string
  readonly standalone?: boolean
}

/**
 * Git sync of a space: `importGitRepository` and `exportToGitRepository` record the request and
 * enqueue a job in one command (the answer, 204, means it is queued; the job does the Git work
 * outside any transaction, see `runGitImport`/`runGitExport`), `getSpaceGitInfo` reads the
 * space's sync and its last operation. The request's URL, branch and folder become the space's
 * sync; its credentials are never stored, only sealed into the job's payload.
 */
export class GitSync extends Effect.Service<GitSync>()("@quire/core/GitSync", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const repository = yield* GitSyncRepository
    const jobs = yield* Jobs
    const command = authorizedCommand(yield* Storage)
    // Taken where the service is built, among the application's services: a request runs among
    // fewer (see the HTTP adapter's `isolated`), where the reference would fall back to its default.
    const seal = yield* SecretSeal

    const grant = (spaceId: SpaceId) => access.activeSpace(spaceId, "edit", "sync this space with a Git repository")

    const request = (spaceId: SpaceId, direction: GitSyncDirection, valid: Request) =>
      Effect.gen(function* () {
        const remote = parseRemoteUrl(valid.url)
        if (remote instanceof InvalidInput) return yield* Effect.fail(remote)
        const projectDirectory = normalizeDirectory(valid.repoProjectDirectory, "repoProjectDirectory")
        if (projectDirectory instanceof InvalidInput) return yield* Effect.fail(projectDirectory)
        const timestamp = valid.timestamp === undefined ? null : new Date(valid.timestamp).toISOString()
        const sealedCredentials = remote.credentials === undefined ? null : seal.seal(JSON.stringify(remote.credentials))
        const actor = yield* Actor
        yield* command(
          Effect.gen(function* () {
            yield* grant(spaceId)
            const existing = Option.getOrNull(yield* repository.get(spaceId))
            // An operation older than the last applied one is ignored (the official `timestamp`).
            if (timestamp !== null && existing?.lastTimestamp != null && timestamp < existing.lastTimestamp) return
            const at = yield* now
            const payload: GitSyncJobPayload = {
              spaceId,
              url: remote.url,
              sealedCredentials,
              ref: valid.ref,
              projectDirectory,
              timestamp,
              force: valid.force === true,
              standalone: valid.standalone === true,
              commitMessage: valid.commitMessage ?? null,
              requestedBy: actor.id
            }
            const job = yield* jobs.enqueue(direction === "import" ? GitImportJob : GitExportJob, payload)
            const sameRepository =
              existing !== null && existing.url === remote.url && existing.ref === valid.ref && existing.projectDirectory === projectDirectory
            const record: GitSyncRecord = {
              spaceId,
              installationId: existing?.installationId ?? (yield* makeId<string>()),
              provider: providerOf(remote.url, valid.gitInfo?.provider),
              url: remote.url,
              ref: valid.ref,
              projectDirectory,
              treeUrl: valid.repoTreeURL ?? valid.gitInfo?.url ?? (sameRepository ? existing.treeUrl : null),
              commitUrl: valid.repoCommitURL ?? (sameRepository ? existing.commitUrl : null),
              lastTimestamp: existing?.lastTimestamp ?? null,
              // What the space last matched holds for this repository, branch and folder only.
              commit: sameRepository ? existing.commit : null,
              revisionId: sameRepository ? existing.revisionId : null,
              operation: { jobId: job.id, direction, state: "running", startedAt: at, updatedAt: at, completedAt: null, error: null },
              createdAt: existing?.createdAt ?? at,
              updatedAt: at
            }
            yield* repository.put(record)
          })
        )
        yield* jobs.wake
      })

    /** `importGitRepository`: queues an import of the branch into the space. */
    const requestImport = (spaceId: SpaceId, input: unknown) =>
      Effect.gen(function* () {
        yield* authorized(grant(spaceId))
        const valid = yield* validate(ImportGitRepositoryInput)(input)
        yield* request(spaceId, "import", valid)
      })

    /** `exportToGitRepository`: queues an export of the space's content as one commit on the branch. */
    const requestExport = (spaceId: SpaceId, input: unknown) =>
      Effect.gen(function* () {
        yield* authorized(grant(spaceId))
        const valid = yield* validate(ExportToGitRepositoryInput)(input)
        yield* request(spaceId, "export", valid)
      })

    /** `getSpaceGitInfo`: the space's sync and last operation; `NotFound` before its first. */
    const info = (spaceId: SpaceId) =>
      authorized(
        Effect.gen(function* () {
          yield* access.space(spaceId)
          const record = yield* repository.get(spaceId)
          if (Option.isNone(record)) {
            return yield* Effect.fail(new NotFound({ message: `Space "${spaceId}" has no Git sync: import from or export to a repository first` }))
          }
          return gitSyncStateOf(record.value)
        })
      )

    return { requestImport, requestExport, info } as const
  }),
  dependencies: [Access.Default, Jobs.Default]
}) {}
