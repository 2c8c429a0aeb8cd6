import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ListOf, Member, MemberRole, MemberSpaceItem, MemberTeamItem, UpdateMemberInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { Order, organizationId, PageParams, UrlText, userId } from "../params.js"
import { withCommonErrors, NoContent, takesJsonBody } from "../shared/endpoints.js"

export class MembersGroup extends withCommonErrors(HttpApiGroup.make("members", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listMembersInOrganizationById")`/orgs/${organizationId}/members`
      .setUrlParams(
        Schema.Struct({
          ...PageParams,
          order: Schema.optional(Order),
          role: Schema.optional(Schema.Union(MemberRole, Schema.Literal("guest"))),
          search: Schema.optional(UrlText),
          sort: Schema.optional(Schema.Literal("joinedAt", "lastSeenAt", "name"))
        })
      )
      .addSuccess(ListOf(Member))
      .annotate(OpenApi.Summary, "List all organization members")
  )
  .add(
    HttpApiEndpoint.get("getMemberInOrganizationById")`/orgs/${organizationId}/members/${userId}`
      .addSuccess(Member)
      .annotate(OpenApi.Summary, "Get an organization member by its ID")
  )
  .add(
    HttpApiEndpoint.patch("updateMemberInOrganizationById")`/orgs/${organizationId}/members/${userId}`
      .setPayload(UpdateMemberInput)
      .addSuccess(Member)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update an organization member")
  )
  .add(
    HttpApiEndpoint.del("removeMemberFromOrganizationById")`/orgs/${organizationId}/members/${userId}`
      .addSuccess(NoContent)
      .annotate(OpenApi.Summary, "Remove an organization member or request an organization admin to do it")
  )
  .add(
    HttpApiEndpoint.post("setUserAsSSOMemberForOrganization")`/orgs/${organizationId}/members/${userId}/sso`
      .addSuccess(Member)
      .annotate(OpenApi.Summary, "Set a user as an SSO member of an organization")
  )
  .add(
    HttpApiEndpoint.get("listSpacesForOrganizationMember")`/orgs/${organizationId}/members/${userId}/spaces`
      .setUrlParams(Schema.Struct({ ...PageParams, order: Schema.optional(Order) }))
      .addSuccess(ListOf(MemberSpaceItem))
      .annotate(OpenApi.Summary, "List an organization member space permissions")
  )
  .add(
    HttpApiEndpoint.get("listTeamsForOrganizationMember")`/orgs/${organizationId}/members/${userId}/teams`
      .setUrlParams(Schema.Struct({ ...PageParams, title: Schema.optional(UrlText) }))
      .addSuccess(ListOf(MemberTeamItem))
      .annotate(OpenApi.Summary, "List all organization member teams")
  )
)
  .middleware(Authentication) {}
