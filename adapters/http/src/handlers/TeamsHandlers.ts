import { HttpApiBuilder } from "@effect/platform"
import { OrganizationId, TeamId, Teams, UserId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { deletedOrAbsent } from "../groups/common.js"

export const TeamsHandlers = HttpApiBuilder.group(QuireApi, "teams", (handlers) =>
  Effect.map(Teams, (teams) => {
    const org = (path: { readonly organizationId: string }) => OrganizationId.make(path.organizationId)
    const team = (path: { readonly teamId: string }) => TeamId.make(path.teamId)
    return handlers
      .handle("listTeamsInOrganizationById", ({ path, urlParams }) => teams.list(org(path), urlParams))
      .handle("createOrganizationTeam", ({ path, payload }) => teams.create(org(path), payload))
      .handle("getTeamInOrganizationById", ({ path }) => teams.get(org(path), team(path)))
      .handle("updateTeamInOrganizationById", ({ path, payload }) => teams.update(org(path), team(path), payload))
      .handle("removeTeamFromOrganizationById", ({ path }) => Effect.map(teams.remove(org(path), team(path)), deletedOrAbsent))
      .handle("listTeamMembersInOrganizationById", ({ path, urlParams }) =>
        teams.listMembers(org(path), team(path), urlParams)
      )
      .handle("updateMembersInOrganizationTeam", ({ path, payload }) =>
        teams.updateMembers(org(path), team(path), payload)
      )
      .handle("addMemberToOrganizationTeamById", ({ path, payload }) =>
        teams.putMember(org(path), team(path), UserId.make(path.userId), payload)
      )
      .handle("deleteMemberFromOrganizationTeamById", ({ path }) =>
        teams.removeMember(org(path), team(path), UserId.make(path.userId))
      )
  })
)
