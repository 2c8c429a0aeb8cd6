import type { GitSyncRecord, SpaceId } from "@quire/core"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

/** Keyed by space; a record goes with its space. */
export const gitSyncTable = table<SpaceId, GitSyncRecord>("gitSync", { table: spacesTable, key: (r) => r.spaceId })
