import { Context, Layer } from "effect"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import { LruCache } from "./LruCache.js"

/** A decoded object and the length of the body it was decoded from (its weight in the cache). */
export interface DecodedObject {
  readonly value: unknown
  readonly bytes: number
}

export interface DecodedObjectsOptions {
  /** The summed body length of the objects kept, in characters (default 32 MiB). */
  readonly maxBytes?: number
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024

/**
 * Decoded content objects shared by every engine call of the application: objects are named by
 * the hash of their content, so a cached object is never stale, and a page read again (in this
 * revision or any later one that kept it) costs no store round trip. Bounded by body length.
 * Filled by reads only: a write never trusts it to know what the store holds.
 */
export class DecodedObjects extends Context.Tag("@quire/core/DecodedObjects")<DecodedObjects, LruCache<ObjectHash, DecodedObject>>() {
  static layer = (options: DecodedObjectsOptions = {}): Layer.Layer<DecodedObjects> =>
    Layer.sync(DecodedObjects, () => new LruCache<ObjectHash, DecodedObject>(options.maxBytes ?? DEFAULT_MAX_BYTES, (o) => o.bytes))
}
