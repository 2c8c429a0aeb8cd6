import { HttpApiBuilder } from "@effect/platform"
import { InviteId, Invites, OrganizationId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { deletedOrAbsent } from "../groups/common.js"

export const InvitesHandlers = HttpApiBuilder.group(QuireApi, "invites", (handlers) =>
  Effect.map(Invites, (invites) => {
    const org = (path: { readonly organizationId: string }) => OrganizationId.make(path.organizationId)
    const invite = (path: { readonly inviteId: string }) => InviteId.make(path.inviteId)
    return handlers
      .handle("listOrganizationInviteLinks", ({ path, urlParams }) => invites.list(org(path), urlParams))
      .handle("createOrganizationInvite", ({ path, payload }) => invites.create(org(path), payload))
      .handle("getOrganizationInviteLink", ({ path }) => invites.get(org(path), invite(path)))
      .handle("updateOrganizationInviteById", ({ path, payload }) => invites.update(org(path), invite(path), payload))
      .handle("deleteOrganizationInviteById", ({ path }) => Effect.map(invites.remove(org(path), invite(path)), deletedOrAbsent))
      .handle("joinOrganizationWithInvite", ({ path }) => Effect.as(invites.join(org(path), invite(path)), {}))
  })
)
