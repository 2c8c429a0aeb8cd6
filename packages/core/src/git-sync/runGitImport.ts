import { Effect } from "effect"
import { readLayout } from "../content/layout/readLayout.js"
import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { MarkdownWork } from "../content/markdown/work/MarkdownWork.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { outlinesOf } from "../content/tree/ParsedBody.js"
import { GitRemote } from "../git/GitRemote.js"
import type { JobJson } from "../storage/jobs/JobRecord.js"
import { unrestricted } from "../policy/Authorized.js"
import { Conflict } from "../shared/errors.js"
import type { RevisionId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { GitImportJob } from "./GitSyncJobs.js"
import { alreadyEnded, endOperation, gitSyncJobHandler, isOutdated, remoteUrlOf, syncedSpace } from "./gitSyncOperation.js"

/**
 * An import: the branch's files are fetched and read as Quire's layout outside any transaction,
 * then one transaction makes a revision of them (its parent the space's current one) and, unless
 * `standalone`, moves the space to it. The space's content is replaced by the repository's, so
 * without `force` an import refuses (`Conflict`) when the space changed since it last matched the
 * repository: those changes would be lost. Up to date already, it writes nothing.
 */
export const gitImportHandler = gitSyncJobHandler(GitImportJob, (spaceId, payload, job) =>
  Effect.gen(function* () {
      const url = yield* remoteUrlOf(payload)
      const fetched = yield* (yield* GitRemote).fetchTree({ url, ref: payload.ref, directory: payload.projectDirectory })
      const engine = yield* ContentEngine
      // Read with the engine's markdown work (worker threads in the server), not the job's default.
      const layout = yield* Effect.provideService(readLayout(fetched.files, { repoProjectDirectory: payload.projectDirectory }), MarkdownWork, engine.markdown)
      const spaces = yield* SpaceRepository
      const searchIndexer = yield* SearchIndexer
      return yield* (yield* Storage).transaction(
        unrestricted("the import was authorized when it was requested", Effect.gen(function* () {
          const { space, record } = yield* syncedSpace(spaceId)
          if (alreadyEnded(record, job)) return { revision: record.revisionId, commit: record.commit } as JobJson
          if (isOutdated(payload, record)) {
            yield* endOperation(spaceId, job, payload, { state: "success", error: null })
            return { ignored: "older than the last operation applied" } as JobJson
          }
          const changedSinceSync = record.revisionId !== null && record.revisionId !== space.revisionId
          if (!payload.standalone && changedSinceSync && !payload.force) {
            return yield* Effect.fail(
              new Conflict({
                message: `The space changed since it last matched ${record.url} (${record.commit ?? "no commit"}): export its changes first, or import with \`force\` to replace them`
              })
            )
          }
          if (!payload.standalone && !changedSinceSync && record.commit === fetched.commit) {
            yield* endOperation(spaceId, job, payload, { state: "success", error: null }, { commit: fetched.commit, revisionId: space.revisionId })
            return { revision: space.revisionId, commit: fetched.commit, unchanged: true } as JobJson
          }
          const imported = yield* engine.importPages(layout.pages, { spaceId, parents: [space.revisionId], files: layout.files })
          const revisionId = imported.revision.id as RevisionId
          if (!payload.standalone) {
            yield* spaces.update({ ...space, revisionId, updatedAt: yield* now })
            yield* searchIndexer.follow(spaceId, revisionId, { outlines: outlinesOf(layout.pages) })
          }
          yield* endOperation(
            spaceId,
            job,
            payload,
            { state: "success", error: null },
            payload.standalone ? {} : { commit: fetched.commit, revisionId }
          )
          return { revision: revisionId, commit: fetched.commit } as JobJson
        }))
      )
  })
)
