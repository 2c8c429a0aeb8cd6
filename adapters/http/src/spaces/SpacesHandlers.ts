import { HttpApiBuilder } from "@effect/platform"
import { Spaces } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import type { RequestOf } from "../shared/RequestOf.js"
import { withLocation } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { SpacesGroup } from "./SpacesGroup.js"

/** The spaces group's reads, made apart from it so that `HotReads` answers them with the same functions. */
export const SpaceReadHandlers = Effect.map(Spaces, (spaces) => ({
  getSpaceById: ({ path, urlParams }: RequestOf<typeof SpacesGroup, "getSpaceById">) => json(spaces.get(path.spaceId, urlParams))
}))

export const SpacesHandlers = HttpApiBuilder.group(apiOf(SpacesGroup), "spaces", (handlers) =>
  Effect.zipWith(Spaces, SpaceReadHandlers, (spaces, read) =>
    handlers
      .handle("createSpace", ({ path, payload }) =>
        withLocation(spaces.create(path.organizationId, payload))
      )
      .handle("listSpacesInOrganizationById", ({ path, urlParams }) =>
        json(spaces.list(path.organizationId, urlParams))
      )
      .handle("getSpaceById", read.getSpaceById)
      .handle("updateSpaceById", ({ path, payload }) => spaces.update(path.spaceId, payload))
      .handle("deleteSpaceById", ({ path }) => spaces.remove(path.spaceId))
      .handle("duplicateSpace", ({ path }) => withLocation(spaces.duplicate(path.spaceId)))
      .handle("restoreSpace", ({ path }) => spaces.restore(path.spaceId))
      .handle("moveSpace", ({ path, payload }) => spaces.move(path.spaceId, payload))
      .handle("transferSpace", ({ path, payload }) => spaces.transfer(path.spaceId, payload))
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const SpacesHttp = isolated(SpacesHandlers, [Authentication, Spaces])
