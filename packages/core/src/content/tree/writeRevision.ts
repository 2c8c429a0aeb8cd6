import { Effect } from "effect"
import { makeId, type RevisionId, type SpaceId } from "../../shared/ids.js"
import { now } from "../../shared/time.js"
import { Storage } from "../../storage/Storage.js"
import { BlobStore } from "../../storage/content/BlobStore.js"
import { type ObjectHash, ObjectStore, type StoredObject } from "../../storage/content/ObjectStore.js"
import type { RevisionRecord, RevisionType } from "../../storage/content/RevisionRecord.js"
import { RevisionRepository } from "../../storage/content/RevisionRepository.js"

export interface RevisionWrite {
  readonly spaceId: SpaceId
  readonly parents: ReadonlyArray<RevisionId>
  readonly type: RevisionType
  readonly root: ObjectHash
  readonly objects: ReadonlyArray<StoredObject>
  readonly blobs?: ReadonlyArray<Uint8Array>
}

/** A written revision and how many objects it added to the store (those already there cost nothing). */
export interface WrittenRevision {
  readonly revision: RevisionRecord
  readonly objectsWritten: number
}

/** Stores a revision in one transaction: its file bytes, all its new objects in one `put`, its record. */
export const writeRevision = (write: RevisionWrite) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const objectStore = yield* ObjectStore
    const blobStore = yield* BlobStore
    const revisions = yield* RevisionRepository
    const revision: RevisionRecord = {
      id: yield* makeId<RevisionId>(),
      spaceId: write.spaceId,
      parents: write.parents,
      type: write.type,
      root: write.root,
      createdAt: yield* now
    }
    const objectsWritten = yield* storage.transaction(
      Effect.gen(function* () {
        for (const bytes of write.blobs ?? []) yield* blobStore.put(bytes)
        const written = write.objects.length === 0 ? 0 : yield* objectStore.put(write.objects)
        yield* revisions.insert(revision)
        return written
      })
    )
    return { revision, objectsWritten } satisfies WrittenRevision
  })
