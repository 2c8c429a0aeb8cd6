import { Effect, Option } from "effect"
import { NotFound } from "../../shared/errors.js"
import type { RevisionId } from "../../shared/ids.js"
import type { ObjectHash } from "../../storage/content/ObjectStore.js"
import { ObjectStore } from "../../storage/content/ObjectStore.js"
import type { RevisionRecord } from "../../storage/content/RevisionRecord.js"
import { RevisionRepository } from "../../storage/content/RevisionRepository.js"
import { DecodedObjects } from "../store/DecodedObjects.js"
import { KnownRevisions } from "../store/KnownRevisions.js"
import type { PersistentMaps } from "../store/PersistentMap.js"
import { PersistentMapsService } from "../store/PersistentMapsService.js"
import { makeObjectLoader, type ObjectLoader } from "./ObjectLoader.js"
import { makeTreeReader, type TreeReader } from "./TreeReader.js"

/** What one engine call reads through: the maps and one object cache for the whole call. */
export interface EngineReads {
  readonly maps: PersistentMaps
  readonly loader: ObjectLoader
  readonly tree: (hash: ObjectHash) => Effect.Effect<TreeReader>
  readonly revision: (id: string) => Effect.Effect<RevisionRecord, NotFound>
}

const engineReads = (keepOwn: boolean): Effect.Effect<EngineReads, never, ObjectStore | PersistentMapsService | RevisionRepository> =>
  Effect.gen(function* () {
    const maps = yield* PersistentMapsService
    const shared = yield* Effect.serviceOption(DecodedObjects)
    const loader = makeObjectLoader(yield* ObjectStore, Option.getOrUndefined(shared), keepOwn)
    const revisions = yield* RevisionRepository
    const known = Option.getOrUndefined(yield* Effect.serviceOption(KnownRevisions))
    const found = (id: string) =>
      Effect.flatMap(revisions.findById(id as RevisionId), Option.match({ onNone: () => Effect.fail(NotFound.of("Revision", id)), onSome: Effect.succeed }))
    return {
      maps,
      loader,
      tree: (hash) => makeTreeReader(maps, loader, hash),
      revision: (id) => {
        if (known === undefined) return found(id)
        const record = known.get(id)
        return record !== undefined ? Effect.succeed(record) : Effect.tap(found(id), (r) => Effect.sync(() => known.set(id, r)))
      }
    }
  })

/** Reads with one object cache for the whole engine call (on top of the application's). */
export const makeEngineReads = engineReads(true)

/**
 * Reads through the application's caches only: what a tree kept across calls reads with (see
 * `makeObjectLoader`'s `keepOwn`).
 */
export const makeSharedEngineReads = engineReads(false)

/** A revision's record and its tree. */
export interface OpenRevision {
  readonly record: RevisionRecord
  readonly tree: TreeReader
}

export const openRevision = (reads: EngineReads, id: string): Effect.Effect<OpenRevision, NotFound> =>
  Effect.flatMap(reads.revision(id), (record) => Effect.map(reads.tree(record.root), (tree) => ({ record, tree })))
