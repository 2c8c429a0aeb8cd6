import { Schema } from "effect"
import { InviteId } from "../shared/ids.js"
import { MemberRoleOrGuest } from "../shared/role.js"

/** An invite link to an organization (the spec's `InviteLinkToOrganization`). */
export const Invite = Schema.Struct({
  object: Schema.Literal("invite"),
  id: InviteId,
  role: MemberRoleOrGuest,
  /** True when the caller is already a member with at least this role: joining would change nothing. */
  redundant: Schema.Boolean
}).annotations({ identifier: "InviteLinkToOrganization" })
export interface Invite extends Schema.Schema.Type<typeof Invite> {}
