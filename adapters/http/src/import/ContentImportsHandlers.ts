import { HttpApiBuilder } from "@effect/platform"
import { ContentImports } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { ContentImportsGroup } from "./ContentImportsGroup.js"

export const ContentImportsHandlers = HttpApiBuilder.group(apiOf(ContentImportsGroup), "contentImports", (handlers) =>
  Effect.gen(function* () {
    const imports = yield* ContentImports
    return handlers
      .handle("importContent", ({ path, payload }) => imports.importIntoSpace(path.spaceId, payload))
      .handle("importChangeRequestContent", ({ path, payload }) =>
        imports.importIntoChangeRequest(path.spaceId, path.changeRequestId, payload)
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const ContentImportsHttp = isolated(ContentImportsHandlers, [Authentication, ContentImports])
