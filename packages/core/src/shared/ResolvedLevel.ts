import type { DefaultLevel, MemberRole } from "./role.js"

/**
 * A content item's default level after following `inherit` to the root:
 * a role, `none` (members get nothing by default), or `inherit` (nothing up the
 * chain set a level, so members get their organization role).
 */
export type ResolvedLevel = MemberRole | "none" | "inherit"

export const resolveLevel = (own: DefaultLevel, parent: ResolvedLevel | undefined): ResolvedLevel =>
  own === "inherit" ? (parent ?? "inherit") : own === null ? "none" : own
