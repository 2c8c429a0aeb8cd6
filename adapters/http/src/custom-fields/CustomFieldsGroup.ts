import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  CreateCustomFieldInput,
  CustomField,
  CustomFieldValue,
  ListOf,
  UpdateCustomFieldInput,
  UpdateSpaceCustomFieldValuesInput
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { organizationId, PageParams, spaceId, UrlText } from "../params.js"
import { created, NoContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/** A custom field is named by its `name` in the path (names are immutable and unique in an organization). */
const fieldName = HttpApiSchema.param("fieldName", UrlText)

/** The seed's custom-field operations; the official spec has none of them, so the operationIds follow its style. */
export class CustomFieldsGroup extends withCommonErrors(HttpApiGroup.make("custom-fields", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listSpaceCustomFieldValues")`/spaces/${spaceId}/custom-fields`
      .addSuccess(Schema.Array(CustomFieldValue))
      .annotate(OpenApi.Summary, "List the custom field values of a space")
  )
  .add(
    HttpApiEndpoint.patch("updateSpaceCustomFieldValues")`/spaces/${spaceId}/custom-fields`
      .setPayload(UpdateSpaceCustomFieldValuesInput)
      .addSuccess(NoContent)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update the custom field values of a space")
      .annotate(OpenApi.Description, "Sets the given fields' values (null clears one): all of them, or none when one is refused.")
  )
  .add(
    HttpApiEndpoint.get("listCustomFieldsInOrganizationById")`/orgs/${organizationId}/custom-fields`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(CustomField))
      .annotate(OpenApi.Summary, "List the custom fields of an organization")
  )
  .add(
    HttpApiEndpoint.post("createOrganizationCustomField")`/orgs/${organizationId}/custom-fields`
      .setPayload(CreateCustomFieldInput)
      .addSuccess(created(CustomField))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create a custom field")
  )
  .add(
    HttpApiEndpoint.get("getOrganizationCustomFieldByName")`/orgs/${organizationId}/custom-fields/${fieldName}`
      .addSuccess(CustomField)
      .annotate(OpenApi.Summary, "Get a custom field")
  )
  .add(
    HttpApiEndpoint.patch("updateOrganizationCustomFieldByName")`/orgs/${organizationId}/custom-fields/${fieldName}`
      .setPayload(UpdateCustomFieldInput)
      .addSuccess(CustomField)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update a custom field")
  )
  .add(
    HttpApiEndpoint.del("deleteOrganizationCustomFieldByName")`/orgs/${organizationId}/custom-fields/${fieldName}`
      .addSuccess(NoContent)
      .annotate(OpenApi.Summary, "Delete a custom field")
  )
)
  .middleware(Authentication) {}
