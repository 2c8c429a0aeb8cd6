import { HttpApiBuilder } from "@effect/platform"
import { Search } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { SearchGroup } from "./SearchGroup.js"

export const SearchHandlers = HttpApiBuilder.group(apiOf(SearchGroup), "search", (handlers) =>
  Effect.gen(function* () {
    const search = yield* Search
    return handlers
      .handle("searchSpaceContent", ({ path, urlParams }) => search.space(path.spaceId, urlParams))
      .handle("searchOrganizationContent", ({ path, urlParams }) => search.organization(path.organizationId, urlParams))
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const SearchHttp = isolated(SearchHandlers, [Authentication, Search])
