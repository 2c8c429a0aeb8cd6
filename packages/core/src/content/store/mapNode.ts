import type { ObjectHash, StoredObject } from "../../storage/content/ObjectStore.js"
import { canonicalObject, sha256Hex } from "./canonical.js"

/**
 * The nodes of the persistent map: a hash-array-mapped trie branching on successive hex
 * digits of sha256(key). Its shape is a function of its entries alone (hence equal maps
 * have equal root hashes, whatever the order of the operations that built them):
 * a subtree of at most `LEAF_CAPACITY` entries is one leaf listing them by key; a larger
 * one is a branch with one child per non-empty digit, each child the subtree of the
 * entries with that digit at this depth.
 *
 * Bodies: a leaf is `{"e":[[key,valueHash],...]}` (keys ascending), a branch is
 * `{"e":[[digit,childHash,childCount],...]}` (digits ascending). Counts make `size`
 * one load and let a shrinking branch know it must collapse without reading its subtree.
 */
export const LEAF_CAPACITY = 16

/** sha256 hex has 64 digits: past them a subtree cannot branch (it would take a sha256 collision). */
const MAX_DEPTH = 64

export type MapEntry = readonly [key: string, value: ObjectHash]

export interface MapSlot {
  readonly digit: number
  readonly hash: ObjectHash
  readonly count: number
}

export type MapNode =
  | { readonly _tag: "Leaf"; readonly entries: ReadonlyArray<MapEntry> }
  | { readonly _tag: "Branch"; readonly slots: ReadonlyArray<MapSlot>; readonly count: number }

/** A subtree as stored: its root node, the node's hash and how many entries it holds. */
export interface Subtree {
  readonly hash: ObjectHash
  readonly count: number
  readonly node: MapNode
}

export const nodeCount = (node: MapNode): number => (node._tag === "Leaf" ? node.entries.length : node.count)

const encodeNode = (node: MapNode): unknown =>
  node._tag === "Leaf"
    ? { e: node.entries.map(([key, value]) => [key, value]) }
    : { e: node.slots.map((slot) => [slot.digit, slot.hash, slot.count]) }

export const nodeObject = (node: MapNode): StoredObject => canonicalObject("node", encodeNode(node))

type EncodedItem = readonly [string, ObjectHash] | readonly [number, ObjectHash, number]

/** Bodies are trusted: they are named by their hash and were written by `nodeObject`. */
export const decodeNode = (body: string): MapNode => {
  const items = (JSON.parse(body) as { e: ReadonlyArray<EncodedItem> }).e
  if (items.length === 0 || typeof items[0]![0] === "string") {
    return { _tag: "Leaf", entries: items as ReadonlyArray<MapEntry> }
  }
  let count = 0
  const slots = (items as ReadonlyArray<readonly [number, ObjectHash, number]>).map(([digit, hash, slotCount]) => {
    count += slotCount
    return { digit, hash, count: slotCount }
  })
  return { _tag: "Branch", slots, count }
}

export const EMPTY_MAP_LEAF: MapNode = { _tag: "Leaf", entries: [] }

/** The stored empty map; callers store it beside the first root that uses it. */
export const EMPTY_MAP_NODE: StoredObject = nodeObject(EMPTY_MAP_LEAF)

/** The root of the empty map. */
export const EMPTY_MAP_ROOT: ObjectHash = EMPTY_MAP_NODE.hash

/** The sha256 hex of a key: its path in the trie. */
export const keyPath = (key: string): string => sha256Hex(key)

/** Which child of a branch at `depth` holds the key whose path is `path`. */
export const digitAt = (path: string, depth: number): number => Number.parseInt(path[depth]!, 16)

export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export const byKey = (a: MapEntry, b: MapEntry): number => compareKeys(a[0], b[0])

/** Entries grouped by their digit at `depth`, digits ascending, each group keeping the input order. */
export const groupByDigit = <A>(
  items: ReadonlyArray<A>,
  pathOf: (item: A) => string,
  depth: number
): Array<readonly [number, Array<A>]> => {
  const groups = new Map<number, Array<A>>()
  for (const item of items) {
    const digit = digitAt(pathOf(item), depth)
    const group = groups.get(digit)
    if (group === undefined) groups.set(digit, [item])
    else group.push(item)
  }
  return Array.from(groups.entries()).sort((a, b) => a[0] - b[0])
}

/** The nodes an update made, by hash; some may end up unreferenced (see `reachableNodes`). */
export type NewNodes = Map<ObjectHash, { readonly object: StoredObject; readonly node: MapNode }>

/** Records a new node and returns it as a subtree. */
export const emit = (node: MapNode, made: NewNodes): Subtree => {
  const object = nodeObject(node)
  made.set(object.hash, { object, node })
  return { hash: object.hash, count: nodeCount(node), node }
}

/** The new nodes reachable from `root` (a collapse drops children it had just rebuilt). */
export const reachableNodes = (root: ObjectHash, made: NewNodes): Array<StoredObject> => {
  const reached: Array<StoredObject> = []
  const pending = [root]
  const seen = new Set<ObjectHash>()
  for (let hash = pending.pop(); hash !== undefined; hash = pending.pop()) {
    const found = made.get(hash)
    if (found === undefined || seen.has(hash)) continue
    seen.add(hash)
    reached.push(found.object)
    if (found.node._tag === "Branch") for (const slot of found.node.slots) pending.push(slot.hash)
  }
  return reached
}

/**
 * The canonical subtree at `depth` of `entries` (sorted by key, non-empty), every node of
 * it recorded in `made`.
 */
export const buildSubtree = (entries: ReadonlyArray<MapEntry>, depth: number, made: NewNodes): Subtree =>
  entries.length <= LEAF_CAPACITY
    ? emit({ _tag: "Leaf", entries }, made)
    : buildFrom(
        entries.map((entry) => ({ entry, path: keyPath(entry[0]) })),
        depth,
        made
      )

interface Located {
  readonly entry: MapEntry
  readonly path: string
}

const locatedPath = (item: Located): string => item.path

/** `buildSubtree` with each key's path computed once. */
const buildFrom = (items: ReadonlyArray<Located>, depth: number, made: NewNodes): Subtree => {
  if (items.length <= LEAF_CAPACITY || depth >= MAX_DEPTH) return emit({ _tag: "Leaf", entries: items.map((item) => item.entry) }, made)
  const slots = groupByDigit(items, locatedPath, depth).map(([digit, group]): MapSlot => {
    const child = buildFrom(group, depth + 1, made)
    return { digit, hash: child.hash, count: child.count }
  })
  return emit({ _tag: "Branch", slots, count: items.length }, made)
}
