import { HttpApiBuilder } from "@effect/platform"
import { Collections } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { withLocation } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { CollectionsGroup } from "./CollectionsGroup.js"

export const CollectionsHandlers = HttpApiBuilder.group(apiOf(CollectionsGroup), "collections", (handlers) =>
  Effect.map(Collections, (collections) =>
    handlers
      .handle("getCollectionById", ({ path }) => collections.get(path.collectionId))
      .handle("deleteCollectionById", ({ path }) => collections.remove(path.collectionId))
      .handle("updateCollectionById", ({ path, payload }) => collections.update(path.collectionId, payload))
      .handle("listSpacesInCollectionById", ({ path, urlParams }) => collections.listSpaces(path.collectionId, urlParams))
      .handle("moveCollection", ({ path, payload }) => collections.move(path.collectionId, payload))
      .handle("transferCollection", ({ path, payload }) => collections.transfer(path.collectionId, payload))
      .handle("listCollectionsInOrganizationById", ({ path, urlParams }) =>
        collections.list(path.organizationId, urlParams)
      )
      .handle("createCollection", ({ path, payload }) =>
        withLocation(collections.create(path.organizationId, payload))
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const CollectionsHttp = isolated(CollectionsHandlers, [Authentication, Collections])
