import type { CollectionId, CollectionRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const collectionsTable = table<CollectionId, CollectionRecord>("collections")
