import { HttpApiBuilder } from "@effect/platform"
import { GitSync } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { GitSyncGroup } from "./GitSyncGroup.js"

export const GitSyncHandlers = HttpApiBuilder.group(apiOf(GitSyncGroup), "gitSync", (handlers) =>
  Effect.gen(function* () {
    const gitSync = yield* GitSync
    return handlers
      .handle("importGitRepository", ({ path, payload }) => gitSync.requestImport(path.spaceId, payload))
      .handle("exportToGitRepository", ({ path, payload }) => gitSync.requestExport(path.spaceId, payload))
      .handle("getSpaceGitInfo", ({ path }) => gitSync.info(path.spaceId))
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const GitSyncHttp = isolated(GitSyncHandlers, [Authentication, GitSync])
