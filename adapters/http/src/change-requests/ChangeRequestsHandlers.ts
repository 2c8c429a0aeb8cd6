import { HttpApiBuilder } from "@effect/platform"
import { ChangeRequests, Content, ContentScope, renderMergeConflicts, type RevisionId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { withLocation } from "../shared/responses.js"

/** The official answers of a merge and an update from the space: the conflicts themselves have their own operation. */
const withoutConflicts = <Result extends string>({ result, revision }: { readonly result: Result; readonly revision: RevisionId }) => ({
  result,
  revision
})

export const ChangeRequestsHandlers = HttpApiBuilder.group(QuireApi, "changeRequests", (handlers) =>
  Effect.gen(function* () {
    const changeRequests = yield* ChangeRequests
    const content = yield* Content
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
      .handle("getChangeRequestChanges", ({ path, urlParams }) =>
        json(content.changes(ContentScope.ChangeRequest({ spaceId: path.spaceId, changeRequest: path.changeRequestId }), { limit: urlParams.limit }))
      )
      .handle("getContributorsByChangeRequestId", ({ path }) =>
        json(changeRequests.contributors(path.spaceId, path.changeRequestId))
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const ChangeRequestsHttp = isolated(ChangeRequestsHandlers, [Authentication, ChangeRequests, Content])
