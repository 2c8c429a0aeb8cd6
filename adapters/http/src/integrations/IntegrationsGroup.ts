import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  InstallIntegrationInput,
  InstallOnSpaceInput,
  Integration,
  IntegrationInstallation,
  IntegrationSpaceInstallation,
  ListOf,
  OrganizationInstallation,
  PublishIntegrationInput,
  UpdateInstallationInput
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { BooleanParam, installationId, integrationName, organizationId, PageParams, spaceId, UrlText } from "../params.js"
import { created, NoContent, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

const installation = HttpApiEndpoint.get("getIntegrationInstallationById")`/integrations/${integrationName}/installations/${installationId}`

/**
 * Integrations and their installations, at the official paths and operationIds, in the official
 * shapes (docs/api-notes/integrations.md). Filters and bodies are checked by the core, which
 * names the field.
 */
export class IntegrationsGroup extends withCommonErrors(
  HttpApiGroup.make("integrations", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listIntegrations")`/integrations`
        .setUrlParams(
          Schema.Struct({
            ...PageParams,
            search: Schema.optional(UrlText),
            category: Schema.optional(UrlText),
            blockDomain: Schema.optional(UrlText),
            blocks: Schema.optional(BooleanParam("blocks")),
            contentSources: Schema.optional(BooleanParam("contentSources")),
            owner: Schema.optional(UrlText),
            scope: Schema.optional(UrlText),
            target: Schema.optional(UrlText)
          })
        )
        .addSuccess(ListOf(Integration))
        .annotate(OpenApi.Summary, "List all public integrations")
    )
    .add(
      HttpApiEndpoint.get("getIntegrationByName")`/integrations/${integrationName}`
        .addSuccess(Integration)
        .annotate(OpenApi.Summary, "Get an integration by its name")
    )
    .add(
      HttpApiEndpoint.post("publishIntegration")`/integrations/${integrationName}`
        .setPayload(PublishIntegrationInput)
        .addSuccess(Integration)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Publish an integration")
    )
    .add(
      HttpApiEndpoint.del("unpublishIntegration")`/integrations/${integrationName}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Unpublish an integration")
    )
    .add(
      HttpApiEndpoint.get("listIntegrationInstallations")`/integrations/${integrationName}/installations`
        .setUrlParams(Schema.Struct({ ...PageParams, externalId: Schema.optional(UrlText) }))
        .addSuccess(ListOf(IntegrationInstallation))
        .annotate(OpenApi.Summary, "List all integration installations")
    )
    .add(
      HttpApiEndpoint.post("installIntegration")`/integrations/${integrationName}/installations`
        .setPayload(InstallIntegrationInput)
        .addSuccess(created(IntegrationInstallation))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Install an integration")
    )
    .add(installation.addSuccess(IntegrationInstallation).annotate(OpenApi.Summary, "Get an integration installation by its ID"))
    .add(
      HttpApiEndpoint.patch("updateIntegrationInstallation")`/integrations/${integrationName}/installations/${installationId}`
        .setPayload(UpdateInstallationInput)
        .addSuccess(IntegrationInstallation)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update an integration installation")
    )
    .add(
      HttpApiEndpoint.del("uninstallIntegration")`/integrations/${integrationName}/installations/${installationId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Uninstall an integration")
    )
    .add(
      HttpApiEndpoint.get("listIntegrationInstallationSpaces")`/integrations/${integrationName}/installations/${installationId}/spaces`
        .setUrlParams(Schema.Struct({ ...PageParams, extended: Schema.optional(BooleanParam("extended")) }))
        .addSuccess(ListOf(IntegrationSpaceInstallation))
        .annotate(OpenApi.Summary, "List all space integration installations")
    )
    .add(
      HttpApiEndpoint.post("installIntegrationOnSpace")`/integrations/${integrationName}/installations/${installationId}/spaces`
        .setUrlParams(Schema.Struct({ extended: Schema.optional(BooleanParam("extended")) }))
        .setPayload(InstallOnSpaceInput)
        .addSuccess(created(IntegrationSpaceInstallation))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Install an integration on a space")
    )
    .add(
      HttpApiEndpoint.del(
        "uninstallIntegrationFromSpace"
      )`/integrations/${integrationName}/installations/${installationId}/spaces/${spaceId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Uninstall an integration from a space")
    )
    .add(
      HttpApiEndpoint.get("listOrganizationInstallations")`/orgs/${organizationId}/installations`
        .setUrlParams(Schema.Struct({ ...PageParams, search: Schema.optional(UrlText) }))
        .addSuccess(ListOf(OrganizationInstallation))
        .annotate(OpenApi.Summary, "List all integration installations")
    )
).middleware(Authentication) {}
