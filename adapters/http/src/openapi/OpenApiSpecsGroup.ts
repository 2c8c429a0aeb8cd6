import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  CreateOpenApiSpecInput,
  ListOf,
  OpenApiSpec,
  OpenApiSpecContent,
  OpenApiSpecRawContent,
  OpenApiSpecVersion,
  PutOpenApiSpecInput,
  UpdateOpenApiSpecInput
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { openApiVersionId, organizationId, PageParams, specSlug } from "../params.js"
import { created, NoContent, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/**
 * The official OpenAPI specification operations: an organization's specs by slug, and their
 * immutable versions (each read of a version answers with its `ETag`).
 */
export class OpenApiSpecsGroup extends withCommonErrors(
  HttpApiGroup.make("openapi", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listOpenAPISpecs")`/orgs/${organizationId}/openapi`
        .setUrlParams(Schema.Struct(PageParams))
        .addSuccess(ListOf(OpenApiSpec))
        .annotate(OpenApi.Summary, "List all OpenAPI spec")
    )
    .add(
      HttpApiEndpoint.post("createOpenAPISpec")`/orgs/${organizationId}/openapi`
        .setPayload(CreateOpenApiSpecInput)
        .addSuccess(created(OpenApiSpec))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create an OpenAPI spec")
    )
    .add(
      HttpApiEndpoint.get("getOpenAPISpecBySlug")`/orgs/${organizationId}/openapi/${specSlug}`
        .addSuccess(OpenApiSpec)
        .annotate(OpenApi.Summary, "Get an OpenAPI spec by its slug")
    )
    .add(
      HttpApiEndpoint.put("createOrUpdateOpenAPISpecBySlug")`/orgs/${organizationId}/openapi/${specSlug}`
        .setPayload(PutOpenApiSpecInput)
        .addSuccess(OpenApiSpec)
        .addSuccess(created(OpenApiSpec))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create or update an OpenAPI spec")
    )
    .add(
      HttpApiEndpoint.patch("updateOpenAPISpecBySlug")`/orgs/${organizationId}/openapi/${specSlug}`
        .setPayload(UpdateOpenApiSpecInput)
        .addSuccess(OpenApiSpec)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update OpenAPI spec visibility")
    )
    .add(
      HttpApiEndpoint.del("deleteOpenAPISpecBySlug")`/orgs/${organizationId}/openapi/${specSlug}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete an OpenAPI spec")
    )
    .add(
      HttpApiEndpoint.get("listOpenAPISpecVersions")`/orgs/${organizationId}/openapi/${specSlug}/versions`
        .setUrlParams(Schema.Struct(PageParams))
        .addSuccess(ListOf(OpenApiSpecVersion))
        .annotate(OpenApi.Summary, "List all OpenAPI spec versions")
    )
    .add(
      HttpApiEndpoint.get("getLatestOpenAPISpecVersion")`/orgs/${organizationId}/openapi/${specSlug}/versions/latest`
        .addSuccess(OpenApiSpecVersion)
        .annotate(OpenApi.Summary, "Get the latest OpenAPI spec version")
    )
    .add(
      HttpApiEndpoint.get("getLatestOpenAPISpecVersionContent")`/orgs/${organizationId}/openapi/${specSlug}/versions/latest/content`
        .addSuccess(OpenApiSpecContent)
        .annotate(OpenApi.Summary, "Get the latest OpenAPI spec version content")
    )
    .add(
      HttpApiEndpoint.get(
        "getLatestOpenAPISpecVersionContentRaw"
      )`/orgs/${organizationId}/openapi/${specSlug}/versions/latest/content/raw`
        .addSuccess(OpenApiSpecRawContent)
        .annotate(OpenApi.Summary, "Get the raw content of the latest OpenAPI spec version")
    )
    .add(
      HttpApiEndpoint.get("getOpenAPISpecVersionById")`/orgs/${organizationId}/openapi/${specSlug}/versions/${openApiVersionId}`
        .addSuccess(OpenApiSpecVersion)
        .annotate(OpenApi.Summary, "Get an OpenAPI spec version by its ID")
    )
    .add(
      HttpApiEndpoint.get(
        "getOpenAPISpecVersionContentById"
      )`/orgs/${organizationId}/openapi/${specSlug}/versions/${openApiVersionId}/content`
        .addSuccess(OpenApiSpecContent)
        .annotate(OpenApi.Summary, "Get an OpenAPI spec version content by its ID")
    )
).middleware(Authentication) {}
