import type { ChangeRequestContributorRecord, ChangeRequestId, ChangeRequestRecord } from "@quire/core"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

export const changeRequestsTable = table<ChangeRequestId, ChangeRequestRecord>("changeRequests", {
  table: spacesTable,
  key: (c) => c.spaceId
})

/** Keyed by `pairKey(changeRequestId, userId)`. */
export const contributorsTable = table<string, ChangeRequestContributorRecord>("changeRequestContributors", {
  table: changeRequestsTable,
  key: (c) => c.changeRequestId
})
