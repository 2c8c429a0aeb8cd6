import { Schema } from "effect"
import { MemberRole, MemberRoleOrGuest } from "../shared/role.js"

export const UpdateMemberInput = Schema.Struct({ role: MemberRoleOrGuest })
export type UpdateMemberInput = typeof UpdateMemberInput.Encoded

export const MemberRoleFilter = Schema.Union(MemberRole, Schema.Literal("guest"))
export const MemberSortInput = Schema.Literal("joinedAt", "lastSeenAt", "name")
export const ListOrderInput = Schema.Literal("asc", "desc")

/** Filters and order of the member list; `sort` defaults to `joinedAt`, `order` to `desc`. */
export const MemberListQuery = Schema.Struct({
  role: Schema.optional(MemberRoleFilter),
  search: Schema.optional(Schema.String),
  sort: Schema.optional(MemberSortInput),
  order: Schema.optional(ListOrderInput)
})
export type MemberListQuery = typeof MemberListQuery.Encoded
