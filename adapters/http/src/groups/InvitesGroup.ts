import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CreateInviteInput, Invite, ListOf, UpdateInviteInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { inviteId, organizationId, PageParams } from "../params.js"
import { withCommonErrors, created, NoContent, ResetContent } from "./common.js"

export class InvitesGroup extends withCommonErrors(HttpApiGroup.make("invites")
  .add(
    HttpApiEndpoint.get("listOrganizationInviteLinks")`/orgs/${organizationId}/link-invites`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Invite))
  )
  .add(
    HttpApiEndpoint.post("createOrganizationInvite")`/orgs/${organizationId}/link-invites`
      .setPayload(CreateInviteInput)
      .addSuccess(created(Invite))
  )
  .add(HttpApiEndpoint.get("getOrganizationInviteLink")`/orgs/${organizationId}/link-invites/${inviteId}`.addSuccess(Invite))
  .add(
    HttpApiEndpoint.patch("updateOrganizationInviteById")`/orgs/${organizationId}/link-invites/${inviteId}`
      .setPayload(UpdateInviteInput)
      .addSuccess(Invite)
  )
  .add(
    HttpApiEndpoint.del("deleteOrganizationInviteById")`/orgs/${organizationId}/link-invites/${inviteId}`.addSuccess(
      ResetContent
    )
  )
  .add(
    HttpApiEndpoint.post("joinOrganizationWithInvite")`/orgs/${organizationId}/invites/${inviteId}`.addSuccess(
      Schema.Struct({})
    )
  )
)
  .middleware(Authentication) {}

export { NoContent }
