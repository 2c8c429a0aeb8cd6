import type { EventRecord } from "@quire/core"
import { table } from "../shared/Table.js"

/**
 * Keyed by `sequence`: 1, 2, 3… without gaps, since a transaction's rows vanish with it and
 * the next one numbers from the committed rows. Owned by nothing: an event outlives its space.
 */
export const eventsTable = table<number, EventRecord>("events")
