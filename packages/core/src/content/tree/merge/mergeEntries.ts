import { Effect } from "effect"
import type { ObjectHash } from "../../../storage/content/ObjectStore.js"
import type { MapChange } from "../../store/PersistentMap.js"
import type { MergeState } from "./MergeState.js"

/**
 * Merges the entries of a flat map (files or reusable contents): an entry changed on one side
 * only takes that side; changed on both sides, differently, it is a conflict.
 */
export const mergeEntries = <A>(
  state: MergeState,
  kind: "file" | "reusable",
  ours: ReadonlyArray<MapChange>,
  theirs: ReadonlyArray<MapChange>,
  load: (side: "ours" | "theirs", id: string) => Effect.Effect<A | undefined>,
  set: (value: A) => void,
  remove: (id: string) => void
) =>
  Effect.gen(function* () {
    const oursAfter = new Map<string, ObjectHash | undefined>(ours.map((change) => [change.key, change.after]))
    for (const change of theirs) {
      if (!oursAfter.has(change.key)) {
        const value = yield* load("theirs", change.key)
        if (value === undefined) remove(change.key)
        else set(value)
      } else if (oursAfter.get(change.key) !== change.after) {
        const oursValue = yield* load("ours", change.key)
        const theirsValue = yield* load("theirs", change.key)
        state.conflicts.push({
          kind,
          id: change.key,
          message: `both sides changed the ${kind === "file" ? "file" : "reusable content"} "${change.key}", differently`,
          ...(oursValue !== undefined ? { ours: oursValue as never } : {}),
          ...(theirsValue !== undefined ? { theirs: theirsValue as never } : {})
        })
      }
    }
  })
