import { HttpApiBuilder } from "@effect/platform"
import { CollectionId, Collections, OrganizationId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { withLocation } from "./location.js"

export const CollectionsHandlers = HttpApiBuilder.group(QuireApi, "collections", (handlers) =>
  Effect.map(Collections, (collections) => {
    const collection = (path: { readonly collectionId: string }) => CollectionId.make(path.collectionId)
    return handlers
      .handle("getCollectionById", ({ path }) => collections.get(collection(path)))
      .handle("deleteCollectionById", ({ path }) => collections.remove(collection(path)))
      .handle("updateCollectionById", ({ path, payload }) => collections.update(collection(path), payload))
      .handle("listSpacesInCollectionById", ({ path, urlParams }) => collections.listSpaces(collection(path), urlParams))
      .handle("moveCollection", ({ path, payload }) => collections.move(collection(path), payload))
      .handle("transferCollection", ({ path, payload }) => collections.transfer(collection(path), payload))
      .handle("listCollectionsInOrganizationById", ({ path, urlParams }) =>
        collections.list(OrganizationId.make(path.organizationId), urlParams)
      )
      .handle("createCollection", ({ path, payload }) =>
        withLocation(collections.create(OrganizationId.make(path.organizationId), payload))
      )
  })
)
