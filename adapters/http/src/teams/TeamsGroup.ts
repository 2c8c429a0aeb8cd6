import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
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
import { withCommonErrors, created, NoContent, ResetContent, takesJsonBody } from "../shared/endpoints.js"

export class TeamsGroup extends withCommonErrors(HttpApiGroup.make("teams", { topLevel: true })
  .add(
    HttpApiEndpoint.get("listTeamsInOrganizationById")`/orgs/${organizationId}/teams`
      .setUrlParams(
        Schema.Struct({ ...PageParams, owner: Schema.optional(UrlText), title: Schema.optional(UrlText) })
      )
      .addSuccess(ListOf(Team))
      .annotate(OpenApi.Summary, "List all teams")
  )
  .add(
    HttpApiEndpoint.put("createOrganizationTeam")`/orgs/${organizationId}/teams`
      .setPayload(CreateTeamInput)
      .addSuccess(created(Team))
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Create a team")
  )
  .add(
    HttpApiEndpoint.get("getTeamInOrganizationById")`/orgs/${organizationId}/teams/${teamId}`
      .addSuccess(Team)
      .annotate(OpenApi.Summary, "Get a team")
  )
  .add(
    HttpApiEndpoint.patch("updateTeamInOrganizationById")`/orgs/${organizationId}/teams/${teamId}`
      .setPayload(UpdateTeamInput)
      .addSuccess(Team)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Update a team")
  )
  .add(
    HttpApiEndpoint.del("removeTeamFromOrganizationById")`/orgs/${organizationId}/teams/${teamId}`
      .addSuccess(ResetContent)
      .annotate(OpenApi.Summary, "Delete a team")
  )
  .add(
    HttpApiEndpoint.get("listTeamMembersInOrganizationById")`/orgs/${organizationId}/teams/${teamId}/members`
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(ListOf(TeamMemberItem))
      .annotate(OpenApi.Summary, "List all team members")
      .annotate(OpenApi.Description, "Lists members, and their roles, for the specified organization team.")
  )
  .add(
    HttpApiEndpoint.put("updateMembersInOrganizationTeam")`/orgs/${organizationId}/teams/${teamId}/members`
      .setPayload(UpdateTeamMembersInput)
      .addSuccess(NoContent)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Updates members of a team")
      .annotate(
        OpenApi.Description,
        "Updates members of an organization team, either adding or removing them. If a the same user is included as both an add and a remove, they will be removed from the team."
      )
  )
  .add(
    HttpApiEndpoint.put("addMemberToOrganizationTeamById")`/orgs/${organizationId}/teams/${teamId}/members/${userId}`
      .setPayload(PutTeamMemberInput)
      .addSuccess(NoContent)
      .pipe(takesJsonBody)
      .annotate(OpenApi.Summary, "Add a team member")
      .annotate(OpenApi.Description, "Add or updates member in the specified organization team.")
  )
  .add(
    HttpApiEndpoint.del("deleteMemberFromOrganizationTeamById")`/orgs/${organizationId}/teams/${teamId}/members/${userId}`
      .addSuccess(NoContent)
      .annotate(OpenApi.Summary, "Delete a team member")
      .annotate(OpenApi.Description, "Deletes member from the specified organization team.")
  )
)
  .middleware(Authentication) {}
