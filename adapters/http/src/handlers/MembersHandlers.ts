import { HttpApiBuilder } from "@effect/platform"
import { Members, OrganizationId, Spaces, Teams, UserId } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"

export const MembersHandlers = HttpApiBuilder.group(QuireApi, "members", (handlers) =>
  Effect.gen(function* () {
    const members = yield* Members
    const spaces = yield* Spaces
    const teams = yield* Teams
    const org = (path: { readonly organizationId: string }) => OrganizationId.make(path.organizationId)
    const user = (path: { readonly userId: string }) => UserId.make(path.userId)
    return handlers
      .handle("listMembersInOrganizationById", ({ path, urlParams }) => members.list(org(path), urlParams))
      .handle("getMemberInOrganizationById", ({ path }) => members.get(org(path), user(path)))
      .handle("updateMemberInOrganizationById", ({ path, payload }) => members.update(org(path), user(path), payload))
      .handle("removeMemberFromOrganizationById", ({ path }) => members.remove(org(path), user(path)))
      .handle("setUserAsSSOMemberForOrganization", ({ path }) => members.setSso(org(path), user(path)))
      .handle("listSpacesForOrganizationMember", ({ path, urlParams }) =>
        spaces.listForMember(org(path), user(path), urlParams)
      )
      .handle("listTeamsForOrganizationMember", ({ path, urlParams }) =>
        teams.listForMember(org(path), user(path), urlParams)
      )
  })
)
