import type { MemberRecord } from "@quire/core"
import { table } from "../shared/Table.js"

/** Keyed by `pairKey(organizationId, userId)`. */
export const membersTable = table<string, MemberRecord>("members")
