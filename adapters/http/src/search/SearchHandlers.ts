import { HttpApiBuilder } from "@effect/platform"
import { Search } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import type { RequestOf } from "../shared/RequestOf.js"
import { SearchGroup } from "./SearchGroup.js"

/**
 * The two searches, answered as JSON as they are (results are built in their wire shape): the
 * group's handlers, and `HotReads`' (search as you type is a read a busy server answers often).
 */
export const SearchReadHandlers = Effect.gen(function* () {
  const search = yield* Search
  return {
    space: ({ path, urlParams }: RequestOf<typeof SearchGroup, "searchSpaceContent">) => json(search.space(path.spaceId, urlParams)),
    organization: ({ path, urlParams }: RequestOf<typeof SearchGroup, "searchOrganizationContent">) =>
      json(search.organization(path.organizationId, urlParams))
  }
})

export const SearchHandlers = HttpApiBuilder.group(apiOf(SearchGroup), "search", (handlers) =>
  Effect.gen(function* () {
    const read = yield* SearchReadHandlers
    return handlers.handle("searchSpaceContent", read.space).handle("searchOrganizationContent", read.organization)
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const SearchHttp = isolated(SearchHandlers, [Authentication, Search])
