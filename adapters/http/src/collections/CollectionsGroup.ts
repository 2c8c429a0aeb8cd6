import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
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
import { withCommonErrors, created, optionalBodyInDocument, ResetContent, takesJsonBody } from "../shared/endpoints.js"

export class CollectionsGroup extends withCommonErrors(HttpApiGroup.make("collections", { topLevel: true })
  .add(
    HttpApiEndpoint.get("getCollectionById")`/collections/${collectionId}`
      .addSuccess(Collection)
      .annotate(OpenApi.Summary, "Get a collection by its ID")
  )
  .add(
    HttpApiEndpoint.del("deleteCollectionById")`/collections/${collectionId}`
      .addSuccess(ResetContent)
      .annotate(OpenApi.Summary, "Delete a collection")
  )
  .add(
    HttpApiEndpoint.patch("updateCollectionById")`/collections/${collectionId}`
      .setPayload(UpdateCollectionInput)
      .addSuccess(Collection)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update a collection")
  )
  .add(
    HttpApiEndpoint.get("listSpacesInCollectionById")`/collections/${collectionId}/spaces`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Space))
      .annotate(OpenApi.Summary, "List all collection spaces")
  )
  .add(
    HttpApiEndpoint.post("moveCollection")`/collections/${collectionId}/move`
      .setPayload(MoveInput)
      .addSuccess(Collection)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Move a collection to a new position.")
  )
  .add(
    HttpApiEndpoint.post("transferCollection")`/collections/${collectionId}/transfer`
      .setPayload(TransferInput)
      .addSuccess(Collection)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Transfer a collection")
  )
  .add(
    HttpApiEndpoint.get("listCollectionsInOrganizationById")`/orgs/${organizationId}/collections`
      .setUrlParams(Schema.Struct({ ...PageParams, nested: Schema.optional(BooleanParam("nested")) }))
      .addSuccess(ListOf(Collection))
      .annotate(OpenApi.Summary, "List all collections")
  )
  .add(
    HttpApiEndpoint.post("createCollection")`/orgs/${organizationId}/collections`
      .setPayload(OptionalBody(CreateCollectionInput))
      .addSuccess(created(Collection))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create a collection")
      .annotateContext(optionalBodyInDocument)
  )
)
  .middleware(Authentication) {}
