import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CreateSpaceInput, ListOf, MoveInput, Space, TransferInput, UpdateSpaceInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { OptionalBody, organizationId, PageParams, spaceId, UrlText } from "../params.js"
import { withCommonErrors, created, GoneError, ResetContent } from "./common.js"

export class SpacesGroup extends withCommonErrors(HttpApiGroup.make("spaces")
  .add(
    HttpApiEndpoint.post("createSpace")`/orgs/${organizationId}/spaces`
      .setPayload(OptionalBody(CreateSpaceInput))
      .addSuccess(created(Space))
  )
  .add(
    HttpApiEndpoint.get("listSpacesInOrganizationById")`/orgs/${organizationId}/spaces`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Space))
  )
  .add(
    HttpApiEndpoint.get("getSpaceById")`/spaces/${spaceId}`
      .setUrlParams(Schema.Struct({ shareKey: Schema.optional(UrlText) }))
      .addSuccess(Space)
  )
  .add(HttpApiEndpoint.patch("updateSpaceById")`/spaces/${spaceId}`.setPayload(UpdateSpaceInput).addSuccess(Space))
  .add(HttpApiEndpoint.del("deleteSpaceById")`/spaces/${spaceId}`.addSuccess(ResetContent))
  .add(HttpApiEndpoint.post("duplicateSpace")`/spaces/${spaceId}/duplicate`.addSuccess(created(Space)))
  .add(HttpApiEndpoint.post("restoreSpace")`/spaces/${spaceId}/restore`.addSuccess(Space))
  .add(HttpApiEndpoint.post("moveSpace")`/spaces/${spaceId}/move`.setPayload(MoveInput).addSuccess(Space))
  .add(HttpApiEndpoint.post("transferSpace")`/spaces/${spaceId}/transfer`.setPayload(TransferInput).addSuccess(Space))
)
  .addError(GoneError)
  .middleware(Authentication) {}
