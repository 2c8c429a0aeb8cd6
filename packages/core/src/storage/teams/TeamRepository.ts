import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
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
    readonly insert: (team: TeamRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (team: TeamRecord) => Effect.Effect<void, never, Authorized>
    /** Deletes the team and its memberships. */
    readonly delete: (id: TeamId) => Effect.Effect<void, never, Authorized>
    readonly find: (
      organizationId: OrganizationId,
      id: TeamId
    ) => Effect.Effect<Option.Option<TeamRow>, never, Authorized>
    /** By (createdAt, id) ascending. */
    readonly list: (
      organizationId: OrganizationId,
      query: TeamQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<TeamRow>, never, Authorized>
    /** Teams of one user, by (team createdAt, team id) ascending. */
    readonly listForUser: (
      organizationId: OrganizationId,
      userId: UserId,
      query: TeamQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<{ readonly row: TeamRow; readonly role: TeamMemberRole }>, never, Authorized>
    readonly ownsAny: (organizationId: OrganizationId, userId: UserId) => Effect.Effect<boolean, never, Authorized>

    readonly findMember: (
      teamId: TeamId,
      userId: UserId
    ) => Effect.Effect<Option.Option<TeamMemberRecord>, never, Authorized>
    readonly upsertMember: (member: TeamMemberRecord) => Effect.Effect<void, never, Authorized>
    readonly deleteMember: (teamId: TeamId, userId: UserId) => Effect.Effect<void, never, Authorized>
    /** Removes the user from every team of the organization (when it leaves the organization). */
    readonly deleteMemberEverywhere: (
      organizationId: OrganizationId,
      userId: UserId
    ) => Effect.Effect<void, never, Authorized>
    /** Members of a team with their organization membership, by user id ascending. */
    readonly listMembers: (
      teamId: TeamId,
      keyset: Keyset
    ) => Effect.Effect<Slice<{ readonly record: TeamMemberRecord; readonly member: MemberRow }>, never, Authorized>
  }
>() {}

export const teamSortKey = (row: TeamRow) => [row.team.createdAt, row.team.id]
