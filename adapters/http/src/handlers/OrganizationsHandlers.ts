import { HttpApiBuilder } from "@effect/platform"
import { Organizations } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { withLocation } from "./location.js"

export const OrganizationsHandlers = HttpApiBuilder.group(QuireApi, "organizations", (handlers) =>
  Effect.map(Organizations, (organizations) =>
    handlers
      .handle("listOrganizationsForAuthenticatedUser", ({ urlParams }) => organizations.listMine(urlParams))
      .handle("createOrganization", ({ payload }) => withLocation(organizations.create(payload)))
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
