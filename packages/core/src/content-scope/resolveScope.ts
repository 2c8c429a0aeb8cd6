import { Effect } from "effect"
import { changeRequestContentUrls, contentUrls } from "../content/tree/render/ContentUrls.js"
import { makeChangeRequestGrants } from "../change-requests/changeRequestGrant.js"
import { Access } from "../policy/Access.js"
import { makeRevisionAccess } from "../policy/revisionAccess.js"
import { ChangeRequestRepository } from "../storage/change-requests/ChangeRequestRepository.js"
import { RevisionRepository } from "../storage/content/RevisionRepository.js"
import { Urls } from "../shared/Urls.js"
import type { ContentScope } from "./ContentScope.js"
import type { ResolvedScope } from "./ResolvedScope.js"

/**
 * How services resolve a `ContentScope` for the caller (`resolve`), and a revision named by id
 * (`readableRevision`). Viewing the scope's space is what every content read needs. An unknown
 * change request or revision is `NotFound`, as is a space the caller may not see, and a revision
 * of a space it may not see (`makeRevisionAccess`).
 */
export const makeScopeResolver = Effect.gen(function* () {
  const access = yield* Access
  const urls = yield* Urls
  const changeRequestGrant = makeChangeRequestGrants(access, yield* ChangeRequestRepository)
  const readableRevision = makeRevisionAccess(access, yield* RevisionRepository)
  // `fnUntraced`: every content read runs it (see `RootFibers` for what a new generator per call costs).
  const resolve = Effect.fnUntraced(function* (scope: ContentScope) {
    switch (scope._tag) {
      case "Space": {
        const space = yield* access.space(scope.spaceId)
        return {
          scope,
          space,
          changeRequest: undefined,
          revision: undefined,
          revisionId: space.record.revisionId,
          urls: contentUrls(urls, scope.spaceId),
          current: true
        } satisfies ResolvedScope
      }
      case "ChangeRequest": {
        const grant = yield* changeRequestGrant(scope.spaceId, scope.changeRequest)
        return {
          scope,
          space: { record: grant.space, member: grant.member, level: grant.level, permissions: grant.permissions },
          changeRequest: grant.record,
          revision: undefined,
          revisionId: grant.record.revisionId,
          urls: changeRequestContentUrls(urls, scope.spaceId, grant.record.id),
          current: true
        } satisfies ResolvedScope
      }
      case "Revision": {
        const space = yield* access.space(scope.spaceId)
        const revision = yield* readableRevision(scope.spaceId, scope.revisionId)
        return {
          scope,
          space,
          changeRequest: undefined,
          revision,
          revisionId: revision.id,
          urls: contentUrls(urls, scope.spaceId),
          current: false
        } satisfies ResolvedScope
      }
    }
  })
  return {
    resolve,
    /** A revision named by id in a request about a space (see `makeRevisionAccess`). */
    readableRevision
  }
})
