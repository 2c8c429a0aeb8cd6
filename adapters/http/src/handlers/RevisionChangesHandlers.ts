import { HttpApiBuilder } from "@effect/platform"
import { ChangeRequests, SpaceContent } from "@quire/core"
import { Effect, Option } from "effect"
import { QuireApi } from "../Api.js"
import { json } from "../json.js"

export const RevisionChangesHandlers = HttpApiBuilder.group(QuireApi, "revisionChanges", (handlers) =>
  Effect.gen(function* () {
    const content = yield* SpaceContent
    const changeRequests = yield* ChangeRequests
    return handlers.handle("getRevisionSemanticChanges", ({ path, urlParams }) =>
      json(
        Effect.gen(function* () {
          const changes = yield* content.changes(path.spaceId, path.revisionId, { limit: urlParams.limit })
          // A merge revision names the change request whose merge made it (`mergedFrom`), as `getRevisionById` does.
          const from = yield* changeRequests.mergedAs(path.spaceId, path.revisionId)
          return Option.isSome(from) ? { mergedFrom: from.value, ...changes } : changes
        })
      )
    )
  })
)
