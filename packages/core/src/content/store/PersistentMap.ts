import type { Effect } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"

/**
 * A persistent map from string keys to object hashes, itself stored as content-addressed
 * objects (a hash-array-mapped trie of `node` objects): equal maps have equal root hashes,
 * an update writes O(log n) new nodes, and two maps are compared by walking only the
 * subtrees whose hashes differ.
 *
 * `root` is the hash of the map's root node (`EMPTY_MAP_ROOT` for the empty map).
 * Reads load nodes from the ObjectStore (through a per-call cache); writes return a new
 * root and the new node objects, which the caller stores together with everything else it
 * wrote (one `ObjectStore.put` per command).
 */
export interface MapChange {
  readonly key: string
  /** Absent on one side: the key was added (`before` undefined) or removed (`after` undefined). */
  readonly before: ObjectHash | undefined
  readonly after: ObjectHash | undefined
}

export interface PersistentMaps {
  readonly get: (root: ObjectHash, key: string) => Effect.Effect<ObjectHash | undefined>
  readonly getMany: (root: ObjectHash, keys: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, ObjectHash>>
  /** Applies sets (hash) and deletes (undefined) at once; returns the new root and the nodes to store. */
  readonly update: (
    root: ObjectHash,
    changes: ReadonlyMap<string, ObjectHash | undefined>
  ) => Effect.Effect<{ readonly root: ObjectHash; readonly written: ReadonlyArray<import("../../storage/content/ObjectStore.js").StoredObject> }>
  /** Every entry (for full reads: O(n)). */
  readonly entries: (root: ObjectHash) => Effect.Effect<ReadonlyMap<string, ObjectHash>>
  /** Keys whose value differs between two maps, visiting only differing subtrees. */
  readonly diff: (a: ObjectHash, b: ObjectHash) => Effect.Effect<ReadonlyArray<MapChange>>
  readonly size: (root: ObjectHash) => Effect.Effect<number>
}
