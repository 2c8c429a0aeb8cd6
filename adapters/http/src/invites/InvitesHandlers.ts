import { HttpApiBuilder } from "@effect/platform"
import { Invites } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { deletedOrAbsent } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { InvitesGroup } from "./InvitesGroup.js"

export const InvitesHandlers = HttpApiBuilder.group(apiOf(InvitesGroup), "invites", (handlers) =>
  Effect.map(Invites, (invites) =>
    handlers
      .handle("listOrganizationInviteLinks", ({ path, urlParams }) => invites.list(path.organizationId, urlParams))
      .handle("createOrganizationInvite", ({ path, payload }) => invites.create(path.organizationId, payload))
      .handle("getOrganizationInviteLink", ({ path }) => invites.get(path.organizationId, path.inviteId))
      .handle("updateOrganizationInviteById", ({ path, payload }) => invites.update(path.organizationId, path.inviteId, payload))
      .handle("deleteOrganizationInviteById", ({ path }) => Effect.map(invites.remove(path.organizationId, path.inviteId), deletedOrAbsent))
      .handle("joinOrganizationWithInvite", ({ path }) => Effect.as(invites.join(path.organizationId, path.inviteId), {}))
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const InvitesHttp = isolated(InvitesHandlers, [Authentication, Invites])
