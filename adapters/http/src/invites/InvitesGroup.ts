import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CreateInviteInput, Invite, ListOf, UpdateInviteInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { inviteId, organizationId, PageParams } from "../params.js"
import { withCommonErrors, created, ResetContent, takesJsonBody } from "../shared/endpoints.js"

export class InvitesGroup extends withCommonErrors(HttpApiGroup.make("invites", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listOrganizationInviteLinks")`/orgs/${organizationId}/link-invites`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(Invite))
      .annotate(OpenApi.Summary, "List organization invites")
  )
  .add(
    HttpApiEndpoint.post("createOrganizationInvite")`/orgs/${organizationId}/link-invites`
      .setPayload(CreateInviteInput)
      .addSuccess(created(Invite))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create an organization invite")
  )
  .add(
    HttpApiEndpoint.get("getOrganizationInviteLink")`/orgs/${organizationId}/link-invites/${inviteId}`
      .addSuccess(Invite)
      // The official summary, word for word (it reads as if copied from getOrganizationById).
      .annotate(OpenApi.Summary, "Get an organization by its ID")
  )
  .add(
    HttpApiEndpoint.patch("updateOrganizationInviteById")`/orgs/${organizationId}/link-invites/${inviteId}`
      .setPayload(UpdateInviteInput)
      .addSuccess(Invite)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update an organization invite")
  )
  .add(
    HttpApiEndpoint.del("deleteOrganizationInviteById")`/orgs/${organizationId}/link-invites/${inviteId}`
      .addSuccess(ResetContent)
      .annotate(OpenApi.Summary, "Deletes an organization invite.")
  )
  .add(
    HttpApiEndpoint.post("joinOrganizationWithInvite")`/orgs/${organizationId}/invites/${inviteId}`
      .addSuccess(Schema.Struct({}))
      .annotate(OpenApi.Summary, "Join an organization with an invite")
  )
)
  .middleware(Authentication) {}
