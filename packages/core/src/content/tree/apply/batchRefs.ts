import { Effect } from "effect"
import { pageByPath } from "../paths.js"
import { type BatchRef, type BatchState, invalid } from "./BatchState.js"
import { refKey } from "./refKey.js"

/**
 * Records a batch-local ref. It must be unique in the batch and must not be the path of a
 * page of the revision the batch started from (the spec's "must not collide with an
 * existing page's path"), so a link that names it cannot mean two things.
 */
export const registerRef = (state: BatchState, change: number, field: string, ref: string, target: BatchRef) =>
  Effect.gen(function* () {
    const key = refKey(ref)
    if (key === "") return yield* invalid(change, field, "must name something besides `./`, an anchor or `.md`")
    const taken = state.refs.get(key)
    if (taken !== undefined) {
      return yield* invalid(change, field, `the ref "${ref}" is already used by changes[${taken.change}]; refs must be unique in the batch`)
    }
    const existing = yield* pageByPath(state.tree.base, key)
    if (existing !== undefined) {
      return yield* invalid(change, field, `the ref "${ref}" is the path of the existing page "${existing.title}" (${existing.id})`)
    }
    state.refs.set(key, target)
  })

/** The batch ref a written link names, if any. */
export const refNamedBy = (state: BatchState, written: string): BatchRef | undefined => state.refs.get(refKey(written))
