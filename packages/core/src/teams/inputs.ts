import { Schema } from "effect"
import { UserId } from "../shared/ids.js"
import { lengthBetween } from "../shared/validation.js"

export const OrganizationTeamTitle = lengthBetween(1, 64)

/** `owner` manages the team's members; `member` belongs to it. */
export const TeamMemberRoleSchema = Schema.Literal("owner", "member")

export const CreateTeamInput = Schema.Struct({
  title: OrganizationTeamTitle,
  /** User ids of members of the organization. */
  members: Schema.optional(Schema.Array(Schema.String))
})
export type CreateTeamInput = typeof CreateTeamInput.Encoded

export const UpdateTeamInput = Schema.Struct({ title: OrganizationTeamTitle })
export type UpdateTeamInput = typeof UpdateTeamInput.Encoded

/** Entries and keys are user ids or e-mail addresses of members of the organization. */
export const UpdateTeamMembersInput = Schema.Struct({
  add: Schema.optional(Schema.Array(Schema.String)),
  remove: Schema.optional(Schema.Array(Schema.String)),
  memberships: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Struct({ role: TeamMemberRoleSchema }) }))
})
export type UpdateTeamMembersInput = typeof UpdateTeamMembersInput.Encoded

export const PutTeamMemberInput = Schema.Struct({ role: Schema.optional(TeamMemberRoleSchema) })
export type PutTeamMemberInput = typeof PutTeamMemberInput.Encoded

export const TeamListQuery = Schema.Struct({
  /** Case-insensitive substring of the title. */
  title: Schema.optional(Schema.String),
  /** A member's user id: only the teams this member can manage. */
  owner: Schema.optional(UserId)
})
export type TeamListQuery = typeof TeamListQuery.Encoded

export const MemberTeamsQuery = Schema.Struct({ title: Schema.optional(Schema.String) })
export type MemberTeamsQuery = typeof MemberTeamsQuery.Encoded
