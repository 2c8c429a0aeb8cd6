import { Schema } from "effect"
import { UserId } from "../shared/ids.js"
import { MemberRoleOrGuest } from "../shared/role.js"
import { User } from "../users/User.js"

/** A user as a member of an organization (the spec's `OrganizationMember`). */
export const Member = Schema.Struct({
  object: Schema.Literal("member"),
  /** The user's id. */
  id: UserId,
  role: MemberRoleOrGuest,
  user: User,
  disabled: Schema.Boolean,
  joinedAt: Schema.String,
  lastSeenAt: Schema.optional(Schema.String),
  sso: Schema.Boolean,
  spaces: Schema.Number,
  teams: Schema.Number,
  sites: Schema.Number
}).annotations({ identifier: "OrganizationMember" })
export interface Member extends Schema.Schema.Type<typeof Member> {}
