import type { UserId, UserRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const usersTable = table<UserId, UserRecord>("users")
