import { Schema } from "effect"
import { MemberRoleOrGuest } from "../shared/role.js"

/** An invite link to an organization (the spec's `InviteLinkToOrganization`). */
export const Invite = Schema.Struct({
  object: Schema.Literal("invite"),
  id: Schema.String,
  role: MemberRoleOrGuest,
  /** True when the caller is already a member with at least this role: joining would change nothing. */
  redundant: Schema.Boolean
}).annotations({ identifier: "InviteLinkToOrganization" })
export interface Invite extends Schema.Schema.Type<typeof Invite> {}
