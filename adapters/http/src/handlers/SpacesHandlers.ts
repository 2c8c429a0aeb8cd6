import { HttpApiBuilder } from "@effect/platform"
import { OrganizationId, SpaceId, Spaces } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { json } from "../json.js"
import { withLocation } from "./location.js"

export const SpacesHandlers = HttpApiBuilder.group(QuireApi, "spaces", (handlers) =>
  Effect.map(Spaces, (spaces) => {
    const space = (path: { readonly spaceId: string }) => SpaceId.make(path.spaceId)
    return handlers
      .handle("createSpace", ({ path, payload }) =>
        withLocation(spaces.create(OrganizationId.make(path.organizationId), payload))
      )
      .handle("listSpacesInOrganizationById", ({ path, urlParams }) =>
        json(spaces.list(OrganizationId.make(path.organizationId), urlParams))
      )
      .handle("getSpaceById", ({ path, urlParams }) => json(spaces.get(space(path), urlParams)))
      .handle("updateSpaceById", ({ path, payload }) => spaces.update(space(path), payload))
      .handle("deleteSpaceById", ({ path }) => spaces.remove(space(path)))
      .handle("duplicateSpace", ({ path }) => withLocation(spaces.duplicate(space(path))))
      .handle("restoreSpace", ({ path }) => spaces.restore(space(path)))
      .handle("moveSpace", ({ path, payload }) => spaces.move(space(path), payload))
      .handle("transferSpace", ({ path, payload }) => spaces.transfer(space(path), payload))
  })
)
