import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ListOf, Member, MemberRole, MemberSpaceItem, MemberTeamItem, UpdateMemberInput } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { Order, organizationId, PageParams, UrlText, userId } from "../params.js"
import { withCommonErrors, NoContent } from "./common.js"

export class MembersGroup extends withCommonErrors(HttpApiGroup.make("members")
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
  )
  .add(HttpApiEndpoint.get("getMemberInOrganizationById")`/orgs/${organizationId}/members/${userId}`.addSuccess(Member))
  .add(
    HttpApiEndpoint.patch("updateMemberInOrganizationById")`/orgs/${organizationId}/members/${userId}`
      .setPayload(UpdateMemberInput)
      .addSuccess(Member)
  )
  .add(
    HttpApiEndpoint.del("removeMemberFromOrganizationById")`/orgs/${organizationId}/members/${userId}`.addSuccess(NoContent)
  )
  .add(HttpApiEndpoint.post("setUserAsSSOMemberForOrganization")`/orgs/${organizationId}/members/${userId}/sso`.addSuccess(Member))
  .add(
    HttpApiEndpoint.get("listSpacesForOrganizationMember")`/orgs/${organizationId}/members/${userId}/spaces`
      .setUrlParams(Schema.Struct({ ...PageParams, order: Schema.optional(Order) }))
      .addSuccess(ListOf(MemberSpaceItem))
  )
  .add(
    HttpApiEndpoint.get("listTeamsForOrganizationMember")`/orgs/${organizationId}/members/${userId}/teams`
      .setUrlParams(Schema.Struct({ ...PageParams, title: Schema.optional(UrlText) }))
      .addSuccess(ListOf(MemberTeamItem))
  )
)
  .middleware(Authentication) {}
