import { HttpApiBuilder } from "@effect/platform"
import {
  ChangeRequests,
  changeRequestContentUrls,
  renderContentUpdate,
  renderMergeConflicts,
  type RevisionId,
  Urls
} from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { Authentication } from "../Authentication.js"
import { json } from "../json.js"
import { withLocation } from "../shared/responses.js"
import { isolated } from "../isolated.js"

/** The official answers of a merge and an update from the space: the conflicts themselves have their own operation. */
const withoutConflicts = <Result extends string>({ result, revision }: { readonly result: Result; readonly revision: RevisionId }) => ({
  result,
  revision
})

export const ChangeRequestsHandlers = HttpApiBuilder.group(QuireApi, "changeRequests", (handlers) =>
  Effect.gen(function* () {
    const changeRequests = yield* ChangeRequests
    const urls = yield* Urls
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
          Effect.gen(function* () {
            const applied = yield* changeRequests.updateContent(path.spaceId, path.changeRequestId, payload.changes)
            // The change request as the batch left it (by id: its number names it as well).
            const changeRequest = yield* changeRequests.get(path.spaceId, path.changeRequestId)
            return urlParams.compat === false
              ? renderContentUpdate(changeRequest, applied, changeRequestContentUrls(urls, path.spaceId, changeRequest.id))
              : changeRequest
          })
        )
      )
      .handle("getChangeRequestMergeConflicts", ({ path }) =>
        json(Effect.map(changeRequests.conflicts(path.spaceId, path.changeRequestId), renderMergeConflicts))
      )
      .handle("getChangeRequestChanges", ({ path, urlParams }) =>
        json(changeRequests.changes(path.spaceId, path.changeRequestId, { limit: urlParams.limit }))
      )
      .handle("getContributorsByChangeRequestId", ({ path }) =>
        json(changeRequests.contributors(path.spaceId, path.changeRequestId))
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const ChangeRequestsHttp = isolated(ChangeRequestsHandlers, [Authentication, ChangeRequests, Urls])
