import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  Collection,
  CreateCollectionInput,
  ListOf,
  MoveInput,
  Space,
  TransferInput,
  UpdateCollectionInput
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { BooleanParam, collectionId, OptionalBody, organizationId, PageParams } from "../params.js"
import { withCommonErrors, created, ResetContent } from "./common.js"

export class CollectionsGroup extends withCommonErrors(HttpApiGroup.make("collections")
  .add(HttpApiEndpoint.get("getCollectionById")`/collections/${collectionId}`.addSuccess(Collection))
  .add(HttpApiEndpoint.del("deleteCollectionById")`/collections/${collectionId}`.addSuccess(ResetContent))
  .add(
    HttpApiEndpoint.patch("updateCollectionById")`/collections/${collectionId}`
      .setPayload(UpdateCollectionInput)
      .addSuccess(Collection)
  )
  .add(
    HttpApiEndpoint.get("listSpacesInCollectionById")`/collections/${collectionId}/spaces`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Space))
  )
  .add(
    HttpApiEndpoint.post("moveCollection")`/collections/${collectionId}/move`.setPayload(MoveInput).addSuccess(Collection)
  )
  .add(
    HttpApiEndpoint.post("transferCollection")`/collections/${collectionId}/transfer`
      .setPayload(TransferInput)
      .addSuccess(Collection)
  )
  .add(
    HttpApiEndpoint.get("listCollectionsInOrganizationById")`/orgs/${organizationId}/collections`
      .setUrlParams(Schema.Struct({ ...PageParams, nested: Schema.optional(BooleanParam("nested")) }))
      .addSuccess(ListOf(Collection))
  )
  .add(
    HttpApiEndpoint.post("createCollection")`/orgs/${organizationId}/collections`
      .setPayload(OptionalBody(CreateCollectionInput))
      .addSuccess(created(Collection))
  )
)
  .middleware(Authentication) {}
