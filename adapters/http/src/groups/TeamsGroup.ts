import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  CreateTeamInput,
  ListOf,
  PutTeamMemberInput,
  Team,
  TeamMemberItem,
  UpdateTeamInput,
  UpdateTeamMembersInput
} from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { organizationId, PageParams, teamId, UrlText, userId } from "../params.js"
import { withCommonErrors, created, NoContent, ResetContent } from "./common.js"

export class TeamsGroup extends withCommonErrors(HttpApiGroup.make("teams")
  .add(
    HttpApiEndpoint.get("listTeamsInOrganizationById")`/orgs/${organizationId}/teams`
      .setUrlParams(
        Schema.Struct({ ...PageParams, owner: Schema.optional(UrlText), title: Schema.optional(UrlText) })
      )
      .addSuccess(ListOf(Team))
  )
  .add(
    HttpApiEndpoint.put("createOrganizationTeam")`/orgs/${organizationId}/teams`
      .setPayload(CreateTeamInput)
      .addSuccess(created(Team))
  )
  .add(HttpApiEndpoint.get("getTeamInOrganizationById")`/orgs/${organizationId}/teams/${teamId}`.addSuccess(Team))
  .add(
    HttpApiEndpoint.patch("updateTeamInOrganizationById")`/orgs/${organizationId}/teams/${teamId}`
      .setPayload(UpdateTeamInput)
      .addSuccess(Team)
  )
  .add(
    HttpApiEndpoint.del("removeTeamFromOrganizationById")`/orgs/${organizationId}/teams/${teamId}`.addSuccess(ResetContent)
  )
  .add(
    HttpApiEndpoint.get("listTeamMembersInOrganizationById")`/orgs/${organizationId}/teams/${teamId}/members`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(TeamMemberItem))
  )
  .add(
    HttpApiEndpoint.put("updateMembersInOrganizationTeam")`/orgs/${organizationId}/teams/${teamId}/members`
      .setPayload(UpdateTeamMembersInput)
      .addSuccess(NoContent)
  )
  .add(
    HttpApiEndpoint.put("addMemberToOrganizationTeamById")`/orgs/${organizationId}/teams/${teamId}/members/${userId}`
      .setPayload(PutTeamMemberInput)
      .addSuccess(NoContent)
  )
  .add(
    HttpApiEndpoint.del("deleteMemberFromOrganizationTeamById")`/orgs/${organizationId}/teams/${teamId}/members/${userId}`.addSuccess(
      NoContent
    )
  )
)
  .middleware(Authentication) {}
