import { HttpApiBuilder } from "@effect/platform"
import { Teams } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { deletedOrAbsent } from "../shared/responses.js"
import { apiOf } from "../shared/apiOf.js"
import { TeamsGroup } from "./TeamsGroup.js"

export const TeamsHandlers = HttpApiBuilder.group(apiOf(TeamsGroup), "teams", (handlers) =>
  Effect.map(Teams, (teams) =>
    handlers
      .handle("listTeamsInOrganizationById", ({ path, urlParams }) => teams.list(path.organizationId, urlParams))
      .handle("createOrganizationTeam", ({ path, payload }) => teams.create(path.organizationId, payload))
      .handle("getTeamInOrganizationById", ({ path }) => teams.get(path.organizationId, path.teamId))
      .handle("updateTeamInOrganizationById", ({ path, payload }) => teams.update(path.organizationId, path.teamId, payload))
      .handle("removeTeamFromOrganizationById", ({ path }) => Effect.map(teams.remove(path.organizationId, path.teamId), deletedOrAbsent))
      .handle("listTeamMembersInOrganizationById", ({ path, urlParams }) =>
        teams.listMembers(path.organizationId, path.teamId, urlParams)
      )
      .handle("updateMembersInOrganizationTeam", ({ path, payload }) =>
        teams.updateMembers(path.organizationId, path.teamId, payload)
      )
      .handle("addMemberToOrganizationTeamById", ({ path, payload }) =>
        teams.putMember(path.organizationId, path.teamId, path.userId, payload)
      )
      .handle("deleteMemberFromOrganizationTeamById", ({ path }) =>
        teams.removeMember(path.organizationId, path.teamId, path.userId)
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const TeamsHttp = isolated(TeamsHandlers, [Authentication, Teams])
