import type { EventRecord, Events } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { eventsTable } from "./eventsTable.js"

/**
 * The outbox in memory. An event is a row of the transaction's working tables, so it is
 * published when the transaction commits and dropped when it rolls back; transactions run one
 * at a time, so numbering from the rows already there follows commit order. Sequences have no
 * gaps, so a read looks up `after + 1`, `after + 2`… and costs its `limit`, not the log's length.
 */
export const makeMemoryEvents = (store: MemoryStore): Context.Tag.Service<typeof Events> => ({
  append: (event) =>
    store.write((t) =>
      t.update(eventsTable, (rows) => {
        const sequence = HashMap.size(rows) + 1
        return HashMap.set(rows, sequence, { ...event, sequence })
      })
    ),
  readAfter: (after, limit) =>
    store.read((t) => {
      const rows = t.rows(eventsTable)
      const found: Array<EventRecord> = []
      for (let sequence = Math.max(0, Math.floor(after)) + 1; found.length < limit; sequence++) {
        const event = HashMap.get(rows, sequence)
        if (Option.isNone(event)) break
        found.push(event.value)
      }
      return found
    })
})
