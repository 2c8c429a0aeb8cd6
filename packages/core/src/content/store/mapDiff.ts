import { Effect } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import type { NodeLoader } from "./NodeLoader.js"
import { compareKeys, groupByDigit, keyPath, type MapEntry, type MapNode, type MapSlot } from "./mapNode.js"
import type { MapChange } from "./PersistentMap.js"

/** One side of a comparison: a stored subtree, or entries already in hand (a leaf's, split by digit). */
type Side = { readonly _tag: "Stored"; readonly hash: ObjectHash } | { readonly _tag: "Entries"; readonly entries: ReadonlyArray<MapEntry> }

interface Pair {
  readonly a: Side
  readonly b: Side
}

const NONE: Side = { _tag: "Entries", entries: [] }
const stored = (slot: MapSlot | undefined): Side => (slot === undefined ? NONE : { _tag: "Stored", hash: slot.hash })

type Resolved = { readonly _tag: "Entries"; readonly entries: ReadonlyArray<MapEntry> } | { readonly _tag: "Slots"; readonly slots: ReadonlyArray<MapSlot> }

const resolve = (side: Side, nodes: ReadonlyMap<ObjectHash, MapNode>): Resolved => {
  if (side._tag === "Entries") return side
  const node = nodes.get(side.hash)!
  return node._tag === "Leaf" ? { _tag: "Entries", entries: node.entries } : { _tag: "Slots", slots: node.slots }
}

const entryPath = (entry: MapEntry): string => keyPath(entry[0])

/** Entries split as a branch at `depth` would hold them, as slots of in-hand sides. */
const splitEntries = (entries: ReadonlyArray<MapEntry>, depth: number): Map<number, Side> =>
  new Map(groupByDigit(entries, entryPath, depth).map(([digit, group]) => [digit, { _tag: "Entries", entries: group }]))

const childSides = (resolved: Resolved, depth: number): Map<number, Side> =>
  resolved._tag === "Slots"
    ? new Map(resolved.slots.map((slot) => [slot.digit, stored(slot)]))
    : splitEntries(resolved.entries, depth)

const sameSide = (a: Side, b: Side): boolean =>
  a._tag === "Stored" ? b._tag === "Stored" && a.hash === b.hash : b._tag === "Entries" && a.entries.length === 0 && b.entries.length === 0

const compareEntries = (a: ReadonlyArray<MapEntry>, b: ReadonlyArray<MapEntry>, changes: Array<MapChange>): void => {
  const after = new Map(b)
  for (const [key, before] of a) {
    const value = after.get(key)
    if (value !== before) changes.push({ key, before, after: value })
    after.delete(key)
  }
  for (const [key, value] of after) changes.push({ key, before: undefined, after: value })
}

/**
 * The keys whose values differ between the maps at `a` and `b`, by key ascending. Both
 * tries are walked together level by level (one store call per level), descending only
 * into children whose hashes differ; where one side is a leaf and the other a branch, the
 * leaf's entries are split by digit and carried down beside the branch's children.
 */
export const diffMaps = (loader: NodeLoader, a: ObjectHash, b: ObjectHash): Effect.Effect<ReadonlyArray<MapChange>> =>
  Effect.gen(function* () {
    const changes: Array<MapChange> = []
    let level: Array<Pair> = a === b ? [] : [{ a: { _tag: "Stored", hash: a }, b: { _tag: "Stored", hash: b } }]
    for (let depth = 0; level.length > 0; depth++) {
      const hashes = new Set<ObjectHash>()
      for (const { a, b } of level) {
        if (a._tag === "Stored") hashes.add(a.hash)
        if (b._tag === "Stored") hashes.add(b.hash)
      }
      const nodes = yield* loader.load(hashes)
      const next: Array<Pair> = []
      for (const pair of level) {
        const ra = resolve(pair.a, nodes)
        const rb = resolve(pair.b, nodes)
        if (ra._tag === "Entries" && rb._tag === "Entries") {
          compareEntries(ra.entries, rb.entries, changes)
          continue
        }
        const sidesA = childSides(ra, depth)
        const sidesB = childSides(rb, depth)
        for (const digit of new Set([...sidesA.keys(), ...sidesB.keys()])) {
          const childA = sidesA.get(digit) ?? NONE
          const childB = sidesB.get(digit) ?? NONE
          if (!sameSide(childA, childB)) next.push({ a: childA, b: childB })
        }
      }
      level = next
    }
    return changes.sort((x, y) => compareKeys(x.key, y.key))
  })
