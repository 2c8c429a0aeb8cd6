import { Context, type Effect, type Option } from "effect"
import type { MemberRow } from "../members/MemberRecord.js"
import type { OrganizationId, TeamId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { TeamMemberRecord, TeamMemberRole, TeamRecord, TeamRow } from "./TeamRecord.js"

export interface TeamQuery {
  /** Case-insensitive substring of the title. */
  readonly title?: string | undefined
  /** Only teams this user owns. */
  readonly owner?: UserId | undefined
}

export class TeamRepository extends Context.Tag("@quire/core/TeamRepository")<
  TeamRepository,
  {
    readonly insert: (team: TeamRecord) => Effect.Effect<void>
    readonly update: (team: TeamRecord) => Effect.Effect<void>
    /** Deletes the team and its memberships. */
    readonly delete: (id: TeamId) => Effect.Effect<void>
    readonly find: (organizationId: OrganizationId, id: TeamId) => Effect.Effect<Option.Option<TeamRow>>
    /** By (createdAt, id) ascending. */
    readonly list: (organizationId: OrganizationId, query: TeamQuery, keyset: Keyset) => Effect.Effect<Slice<TeamRow>>
    /** Teams of one user, by (team createdAt, team id) ascending. */
    readonly listForUser: (
      organizationId: OrganizationId,
      userId: UserId,
      query: TeamQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<{ readonly row: TeamRow; readonly role: TeamMemberRole }>>
    readonly ownsAny: (organizationId: OrganizationId, userId: UserId) => Effect.Effect<boolean>

    readonly findMember: (teamId: TeamId, userId: UserId) => Effect.Effect<Option.Option<TeamMemberRecord>>
    readonly upsertMember: (member: TeamMemberRecord) => Effect.Effect<void>
    readonly deleteMember: (teamId: TeamId, userId: UserId) => Effect.Effect<void>
    /** Removes the user from every team of the organization (when it leaves the organization). */
    readonly deleteMemberEverywhere: (organizationId: OrganizationId, userId: UserId) => Effect.Effect<void>
    /** Members of a team with their organization membership, by user id ascending. */
    readonly listMembers: (
      teamId: TeamId,
      keyset: Keyset
    ) => Effect.Effect<Slice<{ readonly record: TeamMemberRecord; readonly member: MemberRow }>>
  }
>() {}

export const teamSortKey = (row: TeamRow) => [row.team.createdAt, row.team.id]
