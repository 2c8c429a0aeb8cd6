import { Schema } from "effect"
import { MemberRoleOrGuest } from "../shared/role.js"

/** An invite link to an organization (the spec's `InviteLinkToOrganization`). */
export class Invite extends Schema.Class<Invite>("InviteLinkToOrganization")({
  object: Schema.Literal("invite"),
  id: Schema.String,
  role: MemberRoleOrGuest,
  /** True when the caller is already a member with at least this role: joining would change nothing. */
  redundant: Schema.Boolean
}) {}
