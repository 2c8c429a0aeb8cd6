import { Context, type Effect } from "effect"

/** The sha256 (hex) of an object's canonical encoding: its name in the object store. */
export type ObjectHash = string

/** What an object is; stored beside it so storage can be inspected and swept. */
export type ObjectKind = "document" | "page" | "children" | "node" | "tree" | "file" | "reusable"

/**
 * One content-addressed object: `body` is its canonical encoding (UTF-8 JSON text) and
 * `hash` is the sha256 of `body`. Objects never change; equal content is one object.
 */
export interface StoredObject {
  readonly hash: ObjectHash
  readonly kind: ObjectKind
  readonly body: string
}

/**
 * Immutable, content-addressed objects shared by every revision of every space.
 * `put` ignores objects already stored (by hash) and returns how many it wrote.
 */
export class ObjectStore extends Context.Tag("@quire/core/ObjectStore")<
  ObjectStore,
  {
    readonly put: (objects: ReadonlyArray<StoredObject>) => Effect.Effect<number>
    /** The objects found among `hashes`, by hash; missing ones are absent from the map. */
    readonly getMany: (hashes: ReadonlyArray<ObjectHash>) => Effect.Effect<ReadonlyMap<ObjectHash, StoredObject>>
    /** Total stored bytes of bodies (for measurements). */
    readonly size: Effect.Effect<{ readonly objects: number; readonly bytes: number }>
  }
>() {}
