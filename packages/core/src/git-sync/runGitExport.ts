import { Effect, Option } from "effect"
import { layoutContentOf } from "../content/layout/LayoutContent.js"
import { writeLayout } from "../content/layout/writeLayout.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { GitRemote } from "../git/GitRemote.js"
import type { JobJson } from "../storage/jobs/JobRecord.js"
import type { UserId } from "../shared/ids.js"
import { Storage } from "../storage/Storage.js"
import { UserRepository } from "../storage/users/UserRepository.js"
import { GitExportJob } from "./GitSyncJobs.js"
import { alreadyEnded, endOperation, gitSyncJobHandler, isOutdated, remoteUrlOf, syncedSpace } from "./gitSyncOperation.js"

/** Who an export's commit is by when its requester is gone. */
const QUIRE_AUTHOR = { name: "Quire", email: "quire@localhost" }

/**
 * An export: the space's current content written as Quire's layout and pushed as one commit by
 * the requester, on top of the commit the space last matched. When the branch has moved on since
 * (a commit made in the repository), or has commits although the space never matched one (a
 * first export to a branch with content), the push is refused (`Conflict`) unless `force`:
 * import first. A branch that already holds these files gets no commit. The push happens outside any
 * transaction; a repeated attempt finds the branch holding its files and writes nothing new.
 */
export const gitExportHandler = gitSyncJobHandler(GitExportJob, (spaceId, payload, job) =>
  Effect.gen(function* () {
      const storage = yield* Storage
      const { space, record } = yield* syncedSpace(spaceId)
      if (alreadyEnded(record, job)) return { commit: record.commit } as JobJson
      if (isOutdated(payload, record)) {
        yield* storage.transaction(endOperation(spaceId, job, payload, { state: "success", error: null }))
        return { ignored: "older than the last operation applied" } as JobJson
      }
      const url = yield* remoteUrlOf(payload)
      const engine = yield* ContentEngine
      const content = yield* layoutContentOf(yield* engine.tree(space.revisionId), engine.blob)
      const files = yield* writeLayout(content, { repoProjectDirectory: payload.projectDirectory })
      const requester = yield* (yield* UserRepository).findById(payload.requestedBy as UserId)
      const author = Option.match(requester, {
        onNone: () => QUIRE_AUTHOR,
        onSome: (user) => ({ name: user.displayName, email: user.email })
      })
      const pushed = yield* (yield* GitRemote).pushTree({
        url,
        ref: payload.ref,
        files,
        directory: payload.projectDirectory,
        message: payload.commitMessage ?? "Export from Quire",
        author,
        parent: record.commit,
        force: payload.force
      })
      yield* storage.transaction(
        endOperation(
          spaceId,
          job,
          payload,
          { state: "success", error: null },
          payload.standalone ? {} : { commit: pushed.commit, revisionId: space.revisionId }
        )
      )
      return { commit: pushed.commit, changed: pushed.changed, revision: space.revisionId } as JobJson
  })
)
