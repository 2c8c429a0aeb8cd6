import { HttpApiBuilder } from "@effect/platform"
import { Organizations } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { withLocation } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { OrganizationsGroup } from "./OrganizationsGroup.js"

export const OrganizationsHandlers = HttpApiBuilder.group(apiOf(OrganizationsGroup), "organizations", (handlers) =>
  Effect.map(Organizations, (organizations) =>
    handlers
      .handle("listOrganizationsForAuthenticatedUser", ({ urlParams }) => organizations.listMine(urlParams))
      .handle("createOrganization", ({ payload, urlParams }) =>
        withLocation(organizations.create(payload, { withDefaultSite: urlParams.withDefaultSite }))
      )
      .handle("getOrganizationById", ({ path }) => organizations.get(path.organizationId))
      .handle("updateOrganizationById", ({ path, payload }) =>
        organizations.update(path.organizationId, payload)
      )
      .handle("getOrganizationsForEmailDomain", ({ path }) =>
        Effect.map(organizations.findByEmailDomain(path.emailDomain), (found) => ({ organizations: found }))
      )
      .handle("updateOrganizationMemberLastSeenAt", ({ path }) =>
        organizations.ping(path.organizationId)
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const OrganizationsHttp = isolated(OrganizationsHandlers, [Authentication, Organizations])
