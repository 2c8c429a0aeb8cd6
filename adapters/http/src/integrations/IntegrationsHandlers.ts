import { HttpApiBuilder } from "@effect/platform"
import { IntegrationInstallations, Integrations } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent, withLocation } from "../shared/responses.js"
import { IntegrationsGroup } from "./IntegrationsGroup.js"

export const IntegrationsHandlers = HttpApiBuilder.group(apiOf(IntegrationsGroup), "integrations", (handlers) =>
  Effect.gen(function* () {
    const integrations = yield* Integrations
    const installations = yield* IntegrationInstallations
    return handlers
      .handle("listIntegrations", ({ urlParams }) => json(integrations.list(urlParams)))
      .handle("getIntegrationByName", ({ path }) => json(integrations.get(path.integrationName)))
      .handle("publishIntegration", ({ path, payload }) => json(integrations.publish(path.integrationName, payload)))
      .handle("unpublishIntegration", ({ path }) => Effect.as(integrations.unpublish(path.integrationName), deletedOrAbsent(true)))
      .handle("listIntegrationInstallations", ({ path, urlParams }) => json(installations.list(path.integrationName, urlParams)))
      .handle("installIntegration", ({ path, payload }) => withLocation(installations.install(path.integrationName, payload)))
      .handle("getIntegrationInstallationById", ({ path }) => json(installations.get(path.integrationName, path.installationId)))
      .handle("updateIntegrationInstallation", ({ path, payload }) =>
        json(installations.update(path.integrationName, path.installationId, payload))
      )
      .handle("uninstallIntegration", ({ path }) =>
        Effect.map(installations.uninstall(path.integrationName, path.installationId), deletedOrAbsent)
      )
      .handle("listIntegrationInstallationSpaces", ({ path, urlParams }) =>
        json(installations.listSpaces(path.integrationName, path.installationId, urlParams))
      )
      .handle("installIntegrationOnSpace", ({ path, payload }) =>
        withLocation(installations.installOnSpace(path.integrationName, path.installationId, payload))
      )
      .handle("uninstallIntegrationFromSpace", ({ path }) =>
        Effect.map(installations.uninstallFromSpace(path.integrationName, path.installationId, path.spaceId), deletedOrAbsent)
      )
      .handle("listOrganizationInstallations", ({ path, urlParams }) =>
        json(installations.listForOrganization(path.organizationId, urlParams))
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const IntegrationsHttp = isolated(IntegrationsHandlers, [Authentication, Integrations, IntegrationInstallations])
