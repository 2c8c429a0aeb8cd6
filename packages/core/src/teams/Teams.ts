import { Effect, Option } from "effect"
import { memberRenderer } from "../members/memberRenderer.js"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { teamPermissions } from "../policy/Policy.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import { makeId, type OrganizationId, type TeamId, type UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import type { TeamMemberRole, TeamRecord, TeamRow } from "../storage/teams/TeamRecord.js"
import { TeamRepository, teamSortKey } from "../storage/teams/TeamRepository.js"
import { UserRepository } from "../storage/users/UserRepository.js"
import {
  CreateTeamInput,
  MemberTeamsQuery,
  PutTeamMemberInput,
  TeamListQuery,
  UpdateTeamInput,
  UpdateTeamMembersInput
} from "./inputs.js"
import type { MemberTeamItem } from "./MemberTeamItem.js"
import { applyTeamMemberChanges } from "./membershipChanges.js"
import { renderTeam } from "./render.js"
import type { TeamMemberItem } from "./TeamMemberItem.js"

export class Teams extends Effect.Service<Teams>()("@quire/core/Teams", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const spaces = yield* SpaceRepository
    const users = yield* UserRepository
    const urls = yield* Urls

    const command = authorizedCommand(storage)

    /** Renders a team for `caller`, whose own role in the team sets its `permissions`. */
    const renderFor = (caller: MemberRecord) => (row: TeamRow) =>
      Effect.map(teams.findMember(row.team.id, caller.userId), (own) =>
        renderTeam(row, teamPermissions(caller, Option.getOrUndefined(own)?.role))
      )

    /** The user id a team-member entry (user id or e-mail) names, if it is a member of the organization. */
    const resolveMember = (organizationId: OrganizationId, entry: string, field: string) =>
      Effect.gen(function* () {
        const user = entry.includes("@") ? yield* users.findByEmail(entry) : Option.none()
        const userId = Option.match(user, { onNone: () => entry as UserId, onSome: (u) => u.id })
        const member = yield* members.find(organizationId, userId)
        if (Option.isNone(member)) {
          return yield* Effect.fail(InvalidInput.of(field, `"${entry}" is not a member of this organization`))
        }
        return userId
      })

    const list = (organizationId: OrganizationId, query: TeamListQuery & PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(TeamListQuery)(query)
          const keyset = yield* toKeyset(query)
          const grant = yield* access.organization(organizationId, "listTeams", "list the teams of this organization")
          let owner: UserId | undefined
          if (valid.owner !== undefined) {
            // Teams the given member can manage: all of them for an admin, those it owns otherwise.
            const member = Option.getOrUndefined(yield* members.find(organizationId, valid.owner))
            if (member === undefined || member.disabled) return { items: [], count: 0, next: undefined }
            owner = member.role === "admin" ? undefined : member.userId
          }
          const slice = yield* teams.list(organizationId, { title: valid.title, owner }, keyset)
          const rendered = yield* Effect.forEach(slice.rows, renderFor(grant.member))
          const byId = new Map(rendered.map((t) => [t.id, t]))
          return toPage(keyset, slice, teamSortKey, (row) => byId.get(row.team.id)!)
        })
      )

    const create = (organizationId: OrganizationId, input: CreateTeamInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateTeamInput)(input)
          const grant = yield* access.organization(organizationId, "admin", "create teams")
          const memberIds = yield* Effect.forEach(valid.members ?? [], (entry, i) =>
            Effect.flatMap(members.find(organizationId, entry as UserId), (member) =>
              Option.isSome(member)
                ? Effect.succeed(member.value.userId)
                : Effect.fail(InvalidInput.of(`members[${i}]`, `"${entry}" is not a member of this organization`))
            )
          )
          const unique = [...new Set(memberIds)]
          const team: TeamRecord = {
            id: yield* makeId<TeamId>(),
            organizationId,
            title: valid.title,
            createdAt: yield* now
          }
          yield* teams.insert(team)
          yield* Effect.forEach(unique, (userId) => teams.upsertMember({ teamId: team.id, userId, role: "member" }), {
            discard: true
          })
          const callerRole = unique.includes(grant.member.userId) ? "member" : undefined
          return renderTeam({ team, members: unique.length }, teamPermissions(grant.member, callerRole))
        })
      )

    const get = (organizationId: OrganizationId, teamId: TeamId) =>
      authorized(
        Effect.map(access.team(organizationId, teamId, "view", "see the teams of this organization"), (grant) =>
          renderTeam(grant.record, grant.permissions)
        )
      )

    const update = (organizationId: OrganizationId, teamId: TeamId, input: UpdateTeamInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateTeamInput)(input)
          const { record: row, permissions } = yield* access.team(organizationId, teamId, "admin", "rename this team")
          const team = { ...row.team, title: valid.title }
          if (team.title !== row.team.title) yield* teams.update(team)
          return renderTeam({ ...row, team }, permissions)
        })
      )

    /** Whether there was such a team to delete (deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, teamId: TeamId) =>
      command(
        Effect.gen(function* () {
          yield* access.organization(organizationId, "admin", "delete teams")
          const row = yield* teams.find(organizationId, teamId)
          if (Option.isNone(row)) return false
          yield* teams.delete(teamId)
          return true
        })
      )

    const listMembers = (organizationId: OrganizationId, teamId: TeamId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const { permissions } = yield* access.team(organizationId, teamId, "view", "see the members of this team")
          const slice = yield* teams.listMembers(teamId, keyset)
          const renderMember = yield* memberRenderer(spaces, urls, organizationId)
          return toPage(
            keyset,
            slice,
            (item) => [item.record.userId],
            (item): TeamMemberItem => ({
              organization: renderMember(item.member),
              team: { role: item.record.role },
              permissions: { view: permissions.view }
            })
          )
        })
      )

    /**
     * Bulk change: `add` (as `member` unless `memberships` says otherwise; members already
     * there keep their role), then `memberships` (sets roles, adding if needed), then `remove`.
     * Every entry is checked before anything is written.
     */
    const updateMembers = (organizationId: OrganizationId, teamId: TeamId, input: UpdateTeamMembersInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateTeamMembersInput)(input)
          yield* access.team(organizationId, teamId, "admin", "manage the members of this team")
          const add = yield* Effect.forEach(valid.add ?? [], (entry, i) => resolveMember(organizationId, entry, `add[${i}]`))
          const memberships = yield* Effect.forEach(Object.entries(valid.memberships ?? {}), ([entry, { role }]) =>
            Effect.map(resolveMember(organizationId, entry, `memberships.${entry}`), (userId) => ({ userId, role }))
          )
          const remove = yield* Effect.forEach(valid.remove ?? [], (entry, i) =>
            resolveMember(organizationId, entry, `remove[${i}]`)
          )
          const touched = [...new Set([...add, ...memberships.map((m) => m.userId), ...remove])]
          const current = new Map<UserId, TeamMemberRole>()
          for (const userId of touched) {
            const found = yield* teams.findMember(teamId, userId)
            if (Option.isSome(found)) current.set(userId, found.value.role)
          }
          const next = applyTeamMemberChanges(current, { add, memberships, remove })
          for (const userId of touched) {
            const before = current.get(userId)
            const after = next.get(userId)
            if (after === undefined) {
              if (before !== undefined) yield* teams.deleteMember(teamId, userId)
            } else if (after !== before) {
              yield* teams.upsertMember({ teamId, userId, role: after })
            }
          }
        })
      )

    /** Adds the member to the team, or sets its role (`member` when none is given). */
    const putMember = (organizationId: OrganizationId, teamId: TeamId, userId: UserId, input: PutTeamMemberInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(PutTeamMemberInput)(input ?? {})
          yield* access.team(organizationId, teamId, "admin", "manage the members of this team")
          const member = yield* members.find(organizationId, userId)
          if (Option.isNone(member)) return yield* Effect.fail(NotFound.of("Member", userId))
          const role = valid.role ?? "member"
          const existing = yield* teams.findMember(teamId, userId)
          if (Option.isNone(existing) || existing.value.role !== role) {
            yield* teams.upsertMember({ teamId, userId, role })
          }
        })
      )

    /** Removing someone who is not in the team does nothing. */
    const removeMember = (organizationId: OrganizationId, teamId: TeamId, userId: UserId) =>
      command(
        Effect.gen(function* () {
          yield* access.team(organizationId, teamId, "admin", "manage the members of this team")
          const existing = yield* teams.findMember(teamId, userId)
          if (Option.isSome(existing)) yield* teams.deleteMember(teamId, userId)
        })
      )

    /** The teams one member belongs to, with its role in each; `permissions` are the caller's. */
    const listForMember = (organizationId: OrganizationId, userId: UserId, query: MemberTeamsQuery & PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(MemberTeamsQuery)(query)
          const keyset = yield* toKeyset(query)
          const grant = yield* access.organization(organizationId, "listTeams", "list the teams of this organization")
          const member = yield* members.find(organizationId, userId)
          if (Option.isNone(member)) return yield* Effect.fail(NotFound.of("Member", userId))
          const slice = yield* teams.listForUser(organizationId, userId, { title: valid.title }, keyset)
          const render = renderFor(grant.member)
          const rendered = yield* Effect.forEach(slice.rows, ({ row, role }) =>
            Effect.map(render(row), (team): MemberTeamItem => ({ team, member: { role } }))
          )
          const byId = new Map(rendered.map((item) => [item.team.id, item]))
          return toPage(
            keyset,
            slice,
            ({ row }) => teamSortKey(row),
            ({ row }) => byId.get(row.team.id)!
          )
        })
      )

    return { list, create, get, update, remove, listMembers, updateMembers, putMember, removeMember, listForMember } as const
  }),
  dependencies: [Access.Default]
}) {}
