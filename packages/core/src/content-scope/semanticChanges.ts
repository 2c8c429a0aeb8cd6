import { Effect } from "effect"
import type { RevisionSemanticChanges } from "../content/tree/diff/SemanticChange.js"
import { InvalidInput } from "../shared/errors.js"
import { MAX_LIMIT } from "../shared/pagination.js"

/** How many changes `getRevisionSemanticChanges` and `getChangeRequestChanges` answer unless asked (the official default). */
export const DEFAULT_CHANGES_LIMIT = 10

export interface ChangesOptions {
  /** At most this many changes (1 to `MAX_LIMIT`, default `DEFAULT_CHANGES_LIMIT`). */
  readonly limit?: number | undefined
}

/** The official `RevisionSemanticChanges` cut to a limit: `more` counts the changes left out (absent when none were). */
export interface LimitedSemanticChanges extends RevisionSemanticChanges {
  readonly more?: number
}

/** The limit asked for, or `InvalidInput` naming `limit`: the words every list uses. */
export const changesLimit = (options: ChangesOptions): Effect.Effect<number, InvalidInput> => {
  const limit = options.limit ?? DEFAULT_CHANGES_LIMIT
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT
    ? Effect.succeed(limit)
    : Effect.fail(InvalidInput.of("limit", `must be a whole number from 1 to ${MAX_LIMIT}`))
}

/** The first `limit` changes, in the diff's order (pages by path, then files by name), and how many more there were. */
export const firstChanges = (all: RevisionSemanticChanges, limit: number): LimitedSemanticChanges =>
  all.changes.length > limit ? { changes: all.changes.slice(0, limit), more: all.changes.length - limit } : { changes: all.changes }
