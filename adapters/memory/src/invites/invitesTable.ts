import type { InviteId, InviteRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const invitesTable = table<InviteId, InviteRecord>("invites")
