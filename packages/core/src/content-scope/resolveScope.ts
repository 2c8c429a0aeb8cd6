import { Effect } from "effect"
import { changeRequestContentUrls, contentUrls } from "../content/tree/render/ContentUrls.js"
import type { Access } from "../policy/Access.js"
import type { Urls } from "../shared/Urls.js"
import type { ContentScope } from "./ContentScope.js"
import type { ResolvedScope } from "./ResolvedScope.js"

/**
 * Resolves a scope for the caller: viewing its space is what every content read needs. An
 * unknown change request or revision is `NotFound`, as is a space the caller may not see, and a
 * revision of a space it may not see (`Access.revision`).
 */
export const makeScopeResolver = (access: Access, urls: Urls["Type"]) =>
  // `fnUntraced`: every content read runs it (see `RootFibers` for what a new generator per call costs).
  Effect.fnUntraced(function* (scope: ContentScope) {
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
        const grant = yield* access.changeRequest(scope.spaceId, scope.changeRequest)
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
        const revision = yield* access.revision(scope.spaceId, scope.revisionId)
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
