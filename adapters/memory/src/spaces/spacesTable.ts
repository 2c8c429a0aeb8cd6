import type { SpaceId, SpaceRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const spacesTable = table<SpaceId, SpaceRecord>("spaces")
