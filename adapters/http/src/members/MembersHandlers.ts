import { HttpApiBuilder } from "@effect/platform"
import { Members, Spaces, Teams } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { MembersGroup } from "./MembersGroup.js"

export const MembersHandlers = HttpApiBuilder.group(apiOf(MembersGroup), "members", (handlers) =>
  Effect.gen(function* () {
    const members = yield* Members
    const spaces = yield* Spaces
    const teams = yield* Teams
    return handlers
      .handle("listMembersInOrganizationById", ({ path, urlParams }) => members.list(path.organizationId, urlParams))
      .handle("getMemberInOrganizationById", ({ path }) => members.get(path.organizationId, path.userId))
      .handle("updateMemberInOrganizationById", ({ path, payload }) => members.update(path.organizationId, path.userId, payload))
      .handle("removeMemberFromOrganizationById", ({ path }) => members.remove(path.organizationId, path.userId))
      .handle("setUserAsSSOMemberForOrganization", ({ path }) => members.setSso(path.organizationId, path.userId))
      .handle("listSpacesForOrganizationMember", ({ path, urlParams }) =>
        spaces.listForMember(path.organizationId, path.userId, urlParams)
      )
      .handle("listTeamsForOrganizationMember", ({ path, urlParams }) =>
        teams.listForMember(path.organizationId, path.userId, urlParams)
      )
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const MembersHttp = isolated(MembersHandlers, [Authentication, Members, Spaces, Teams])
