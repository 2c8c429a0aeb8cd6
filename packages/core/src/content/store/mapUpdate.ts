import { Effect } from "effect"
import type { ObjectHash, StoredObject } from "../../storage/content/ObjectStore.js"
import type { NodeLoader } from "./NodeLoader.js"
import {
  buildSubtree,
  byKey,
  compareKeys,
  EMPTY_MAP_NODE,
  emit,
  groupByDigit,
  keyPath,
  LEAF_CAPACITY,
  type MapEntry,
  type MapNode,
  type MapSlot,
  type NewNodes,
  nodeCount,
  reachableNodes,
  type Subtree
} from "./mapNode.js"

interface Change {
  readonly key: string
  readonly path: string
  /** `undefined` deletes the key. */
  readonly value: ObjectHash | undefined
}

const changePath = (change: Change): string => change.path

/**
 * Applies `changes` to the map at `root`. Only the nodes on the paths of the changed keys
 * are loaded (one store call per trie level) and rewritten; a branch that shrinks to a
 * leaf's size also loads its other children, which then hold at most `LEAF_CAPACITY`
 * entries together.
 */
export const updateMap = (
  loader: NodeLoader,
  root: ObjectHash,
  changes: ReadonlyMap<string, ObjectHash | undefined>
): Effect.Effect<{ readonly root: ObjectHash; readonly written: ReadonlyArray<StoredObject> }> =>
  Effect.gen(function* () {
    if (changes.size === 0) return { root, written: [] }
    const all: Array<Change> = Array.from(changes, ([key, value]) => ({ key, path: keyPath(key), value }))
    const loaded = yield* loadPaths(loader, root, all)
    const made: NewNodes = new Map()
    const node = loaded.get(root)!
    const result = yield* rewrite(loader, loaded, { hash: root, count: nodeCount(node), node }, 0, all, made)
    if (result === undefined) {
      if (root === EMPTY_MAP_NODE.hash) return { root, written: [] }
      return { root: EMPTY_MAP_NODE.hash, written: [EMPTY_MAP_NODE] }
    }
    if (result.hash === root) return { root, written: [] }
    return { root: result.hash, written: reachableNodes(result.hash, made) }
  })

/** Every node on the paths of the changed keys, loaded level by level. */
const loadPaths = (loader: NodeLoader, root: ObjectHash, changes: ReadonlyArray<Change>) =>
  Effect.gen(function* () {
    const loaded = new Map<ObjectHash, MapNode>()
    let level: Array<{ readonly hash: ObjectHash; readonly changes: ReadonlyArray<Change> }> = [{ hash: root, changes }]
    for (let depth = 0; level.length > 0; depth++) {
      const nodes = yield* loader.load(level.map((item) => item.hash))
      const next: typeof level = []
      for (const item of level) {
        const node = nodes.get(item.hash)!
        loaded.set(item.hash, node)
        if (node._tag === "Leaf") continue
        for (const [digit, group] of groupByDigit(item.changes, changePath, depth)) {
          const slot = node.slots.find((s) => s.digit === digit)
          if (slot !== undefined) next.push({ hash: slot.hash, changes: group })
        }
      }
      level = next
    }
    return loaded
  })

/** The subtree `current` at `depth` with `changes` applied; `undefined` when it becomes empty. */
const rewrite = (
  loader: NodeLoader,
  loaded: ReadonlyMap<ObjectHash, MapNode>,
  current: Subtree,
  depth: number,
  changes: ReadonlyArray<Change>,
  made: NewNodes
): Effect.Effect<Subtree | undefined> =>
  Effect.gen(function* () {
    const node = current.node
    if (node._tag === "Leaf") return rewriteLeaf(current, node.entries, depth, changes, made)

    const slots = new Map<number, MapSlot>(node.slots.map((slot) => [slot.digit, slot]))
    const rewritten = new Map<number, Subtree>()
    let changed = false
    for (const [digit, group] of groupByDigit(changes, changePath, depth)) {
      const slot = slots.get(digit)
      const child =
        slot === undefined
          ? addedSubtree(group, depth + 1, made)
          : yield* rewrite(
              loader,
              loaded,
              { hash: slot.hash, count: slot.count, node: loaded.get(slot.hash)! },
              depth + 1,
              group,
              made
            )
      if (child?.hash === slot?.hash) continue
      changed = true
      if (child === undefined) {
        slots.delete(digit)
      } else {
        slots.set(digit, { digit, hash: child.hash, count: child.count })
        rewritten.set(digit, child)
      }
    }
    if (!changed) return current

    const ordered = Array.from(slots.values()).sort((a, b) => a.digit - b.digit)
    const count = ordered.reduce((sum, slot) => sum + slot.count, 0)
    if (count === 0) return undefined
    if (count > LEAF_CAPACITY) return emit({ _tag: "Branch", slots: ordered, count }, made)

    // Shrunk to a leaf's size: every child is then a leaf, and the entries move up into one.
    const untouched = ordered.filter((slot) => !rewritten.has(slot.digit)).map((slot) => slot.hash)
    const others = untouched.length === 0 ? new Map<ObjectHash, MapNode>() : yield* loader.load(untouched)
    const entries: Array<MapEntry> = []
    for (const slot of ordered) {
      const child = rewritten.get(slot.digit)?.node ?? others.get(slot.hash)!
      if (child._tag === "Leaf") entries.push(...child.entries)
    }
    return emit({ _tag: "Leaf", entries: entries.sort(byKey) }, made)
  })

const rewriteLeaf = (
  current: Subtree,
  entries: ReadonlyArray<MapEntry>,
  depth: number,
  changes: ReadonlyArray<Change>,
  made: NewNodes
): Subtree | undefined => {
  const byKeyMap = new Map<string, ObjectHash>(entries)
  let changed = false
  for (const change of changes) {
    if (change.value === undefined) {
      changed = byKeyMap.delete(change.key) || changed
    } else if (byKeyMap.get(change.key) !== change.value) {
      byKeyMap.set(change.key, change.value)
      changed = true
    }
  }
  if (!changed) return current
  if (byKeyMap.size === 0) return undefined
  return buildSubtree(Array.from(byKeyMap).sort(byKey), depth, made)
}

/** The subtree of the keys set under a digit the branch had no child for (deletes there are no-ops). */
const addedSubtree = (
  changes: ReadonlyArray<Change>,
  depth: number,
  made: NewNodes
): Subtree | undefined => {
  const entries: Array<MapEntry> = []
  for (const change of changes) if (change.value !== undefined) entries.push([change.key, change.value])
  if (entries.length === 0) return undefined
  return buildSubtree(
    entries.sort((a, b) => compareKeys(a[0], b[0])),
    depth,
    made
  )
}
