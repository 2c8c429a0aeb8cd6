import { Effect, Option } from "effect"
import { Access, ensure } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, NotFound } from "../shared/errors.js"
import type { OrganizationId, UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { MemberRepository, memberSortKey } from "../storage/members/MemberRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { TeamRepository } from "../storage/teams/TeamRepository.js"
import { MemberListQuery, UpdateMemberInput } from "./inputs.js"
import { memberRenderer } from "./memberRenderer.js"

export class Members extends Effect.Service<Members>()("@quire/core/Members", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const spaces = yield* SpaceRepository
    const urls = yield* Urls

    const command = authorizedCommand(storage)

    /** The member as the API shows it, or NotFound. */
    const load = (organizationId: OrganizationId, userId: UserId) =>
      Effect.gen(function* () {
        const row = yield* members.findRow(organizationId, userId)
        if (Option.isNone(row)) return yield* Effect.fail(NotFound.of("Member", userId))
        const render = yield* memberRenderer(spaces, urls, organizationId)
        return render(row.value)
      })

    const findMember = (organizationId: OrganizationId, userId: UserId) =>
      Effect.flatten(members.find(organizationId, userId)).pipe(Effect.orElseFail(() => NotFound.of("Member", userId)))

    /** Fails unless another admin would remain after `userId` stops being one. */
    const keepAnotherAdmin = (organizationId: OrganizationId, action: string) =>
      Effect.flatMap(members.countAdmins(organizationId), (admins) =>
        admins > 1
          ? Effect.void
          : Effect.fail(
              new Conflict({
                message: `Cannot ${action} the last admin of the organization: make another member admin first`
              })
            )
      )

    const list = (organizationId: OrganizationId, query: MemberListQuery & PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(MemberListQuery)(query)
          const keyset = yield* toKeyset(query)
          yield* access.organization(organizationId, "listMembers", "list the members of this organization")
          const sort = valid.sort ?? "joinedAt"
          const slice = yield* members.list(
            organizationId,
            { role: valid.role, search: valid.search, sort, order: valid.order ?? "desc" },
            keyset
          )
          const render = yield* memberRenderer(spaces, urls, organizationId)
          return toPage(keyset, slice, memberSortKey(sort), render)
        })
      )

    /** Any member may see its own membership; seeing others needs `listMembers`. */
    const get = (organizationId: OrganizationId, userId: UserId) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* access.organization(organizationId)
          if (userId !== grant.member.userId) {
            yield* ensure(grant.permissions.listMembers, "see the members of this organization")
          }
          return yield* load(organizationId, userId)
        })
      )

    const update = (organizationId: OrganizationId, userId: UserId, input: UpdateMemberInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateMemberInput)(input)
          yield* access.organization(organizationId, "admin", "change the role of members")
          const target = yield* findMember(organizationId, userId)
          if (target.role === valid.role) return yield* load(organizationId, userId)
          if (target.role === "admin") yield* keepAnotherAdmin(organizationId, "demote")
          yield* members.update({ ...target, role: valid.role })
          return yield* load(organizationId, userId)
        })
      )

    /**
     * Removes a member (admins) or leaves (anyone, for itself). Removing someone who is not
     * a member does nothing. The member also leaves every team of the organization.
     */
    const remove = (organizationId: OrganizationId, userId: UserId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.organization(organizationId)
          if (userId !== grant.member.userId) {
            yield* ensure(grant.permissions.admin, "remove other members from this organization")
          }
          const target = yield* members.find(organizationId, userId)
          if (Option.isNone(target)) return
          if (target.value.role === "admin") yield* keepAnotherAdmin(organizationId, "remove")
          yield* members.delete(organizationId, userId)
          yield* teams.deleteMemberEverywhere(organizationId, userId)
        })
      )

    /** Marks the member as one who signs in through the organization's SSO. */
    const setSso = (organizationId: OrganizationId, userId: UserId) =>
      command(
        Effect.gen(function* () {
          yield* access.organization(organizationId, "admin", "set members as SSO members")
          const target = yield* findMember(organizationId, userId)
          if (!target.sso) yield* members.update({ ...target, sso: true })
          return yield* load(organizationId, userId)
        })
      )

    return { list, get, update, remove, setSso } as const
  }),
  dependencies: [Access.Default]
}) {}
