import { Context, type Effect } from "effect"
import type { EventRecord, NewEvent } from "./EventRecord.js"

/**
 * The transactional outbox. `append` writes an event in the current transaction: it is visible
 * once that transaction commits, and never if it rolls back. `readAfter` reads committed events
 * in commit order, after a cursor (the last `sequence` its reader handled; 0 for the start):
 * an event committed later never gets a smaller `sequence` than one a reader has already seen,
 * so a reader that keeps its cursor misses none. Webhooks and search indexing read it.
 * Read outside transactions: inside one, a reader sees what its snapshot holds.
 */
export class Events extends Context.Tag("@quire/core/Events")<
  Events,
  {
    readonly append: (event: NewEvent) => Effect.Effect<void>
    /** At most `limit` events with `sequence > after`, by `sequence` ascending. */
    readonly readAfter: (after: number, limit: number) => Effect.Effect<ReadonlyArray<EventRecord>>
  }
>() {}
