import { HttpApiBuilder } from "@effect/platform"
import { ChangeRequests, renderMergeConflicts, type RevisionId } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { withLocation } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { ChangeRequestsGroup } from "./ChangeRequestsGroup.js"

/** The official answers of a merge and an update from the space: the conflicts themselves have their own operation. */
const withoutConflicts = <Result extends string>({ result, revision }: { readonly result: Result; readonly revision: RevisionId }) => ({
  result,
  revision
})

export const ChangeRequestsHandlers = HttpApiBuilder.group(apiOf(ChangeRequestsGroup), "changeRequests", (handlers) =>
  Effect.gen(function* () {
    const changeRequests = yield* ChangeRequests
    return handlers
      .handle("createChangeRequest", ({ path, payload }) => withLocation(changeRequests.create(path.spaceId, payload)))
      .handle("listChangeRequestsForSpace", ({ path, urlParams }) => json(changeRequests.list(path.spaceId, urlParams)))
      .handle("getChangeRequestById", ({ path }) => json(changeRequests.get(path.spaceId, path.changeRequestId)))
      .handle("updateChangeRequestById", ({ path, payload }) =>
        json(changeRequests.update(path.spaceId, path.changeRequestId, payload))
      )
      .handle("mergeChangeRequest", ({ path }) =>
        Effect.map(changeRequests.merge(path.spaceId, path.changeRequestId), withoutConflicts)
      )
      .handle("updateChangeRequest", ({ path }) =>
        Effect.map(changeRequests.updateFromSpace(path.spaceId, path.changeRequestId), withoutConflicts)
      )
      .handle("updateChangeRequestContent", ({ path, payload, urlParams }) =>
        json(
          Effect.map(changeRequests.updateContent(path.spaceId, path.changeRequestId, payload.changes), (update) =>
            urlParams.compat === false ? update : update.changeRequest
          )
        )
      )
      .handle("getChangeRequestMergeConflicts", ({ path }) =>
        json(Effect.map(changeRequests.conflicts(path.spaceId, path.changeRequestId), renderMergeConflicts))
      )
      .handle("getContributorsByChangeRequestId", ({ path }) =>
        json(changeRequests.contributors(path.spaceId, path.changeRequestId))
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const ChangeRequestsHttp = isolated(ChangeRequestsHandlers, [Authentication, ChangeRequests])
