import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateSpaceInput, ListOf, MoveInput, Space, TransferInput, UpdateSpaceInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { GoneError } from "../errors.js"
import { OptionalBody, organizationId, PageParams, spaceId, UrlText } from "../params.js"
import { withCommonErrors, created, optionalBodyInDocument, ResetContent, takesJsonBody } from "../shared/endpoints.js"

export class SpacesGroup extends withCommonErrors(HttpApiGroup.make("spaces", { topLevel: true })
  .add(
    HttpApiEndpoint.post("createSpace")`/orgs/${organizationId}/spaces`
      .setPayload(OptionalBody(CreateSpaceInput))
      .addSuccess(created(Space))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create a new documentation space in an organization")
      .annotateContext(optionalBodyInDocument)
  )
  .add(
    HttpApiEndpoint.get("listSpacesInOrganizationById")`/orgs/${organizationId}/spaces`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Space))
      .annotate(OpenApi.Summary, "List all spaces in an organization")
  )
  .add(
    HttpApiEndpoint.get("getSpaceById")`/spaces/${spaceId}`
      .setUrlParams(Schema.Struct({ shareKey: Schema.optional(UrlText) }))
      .addSuccess(Space)
      .annotate(OpenApi.Summary, "Get full details of a space by its ID")
  )
  .add(
    HttpApiEndpoint.patch("updateSpaceById")`/spaces/${spaceId}`
      .setPayload(UpdateSpaceInput)
      .addSuccess(Space)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update a space's title, icon, or settings")
  )
  .add(
    HttpApiEndpoint.del("deleteSpaceById")`/spaces/${spaceId}`
      .addSuccess(ResetContent)
      .annotate(OpenApi.Summary, "Delete a space")
      .annotate(OpenApi.Description, "Deleted spaces will be permanently removed after 7 days.")
  )
  .add(
    HttpApiEndpoint.post("duplicateSpace")`/spaces/${spaceId}/duplicate`
      .addSuccess(created(Space))
      .annotate(OpenApi.Summary, "Create a full copy of a space")
  )
  .add(
    HttpApiEndpoint.post("restoreSpace")`/spaces/${spaceId}/restore`
      .addSuccess(Space)
      .annotate(OpenApi.Summary, "Restore a recently deleted space from the trash")
  )
  .add(
    HttpApiEndpoint.post("moveSpace")`/spaces/${spaceId}/move`
      .setPayload(MoveInput)
      .addSuccess(Space)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Move a space to a different collection or position")
      .annotate(OpenApi.Description, "Moves a space to a new parent collection and/or a new position within the hierarchy.")
  )
  .add(
    // Not in the official spec: the seed's, written in its style.
    HttpApiEndpoint.post("transferSpace")`/spaces/${spaceId}/transfer`
      .setPayload(TransferInput)
      .addSuccess(Space)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Transfer a space")
      .annotate(
        OpenApi.Description,
        "Moves a space to the end of the root of another organization, where the caller may create content."
      )
  )
)
  .addError(GoneError)
  .middleware(Authentication) {}
