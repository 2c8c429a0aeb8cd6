import { Schema } from "effect"

export const MemberRole = Schema.Literal("admin", "create", "edit", "review", "comment", "read")
export type MemberRole = typeof MemberRole.Type

/** `null` is a guest: a member of the organization with no role of its own. */
export const MemberRoleOrGuest = Schema.NullOr(MemberRole)
export type MemberRoleOrGuest = typeof MemberRoleOrGuest.Type

/** Level granted to organization members on a piece of content; `inherit` takes the parent's. */
export const DefaultLevel = Schema.Union(MemberRole, Schema.Null, Schema.Literal("inherit"))
export type DefaultLevel = typeof DefaultLevel.Type

/** Ascending power. `review` sits above `edit`: reviewers can also edit. */
const RANK: Record<MemberRole, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 }

export const rank = (role: MemberRoleOrGuest | undefined): number => (role ? RANK[role] : 0)

export const atLeast = (role: MemberRoleOrGuest | undefined, wanted: MemberRole): boolean => rank(role) >= RANK[wanted]

export const minRole = (a: MemberRoleOrGuest, b: MemberRoleOrGuest): MemberRoleOrGuest =>
  a === null || b === null ? null : RANK[a] <= RANK[b] ? a : b

export const maxRole = (a: MemberRoleOrGuest, b: MemberRoleOrGuest): MemberRoleOrGuest =>
  a === null ? b : b === null ? a : RANK[a] >= RANK[b] ? a : b

export const ROLES: ReadonlyArray<MemberRole> = ["read", "comment", "edit", "review", "create", "admin"]
