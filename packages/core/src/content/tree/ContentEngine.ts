import { Effect } from "effect"
import type { NotFound } from "../../shared/errors.js"
import type { Storage } from "../../storage/Storage.js"
import { BlobStore } from "../../storage/content/BlobStore.js"
import type { ObjectStore } from "../../storage/content/ObjectStore.js"
import type { RevisionRepository } from "../../storage/content/RevisionRepository.js"
import { MarkdownWork } from "../markdown/work/MarkdownWork.js"
import { batchMarkdown, prepareDocuments } from "../markdown/work/PreparedDocument.js"
import { DecodedObjects } from "../store/DecodedObjects.js"
import { LruCache } from "../store/LruCache.js"
import { KnownRevisions } from "../store/KnownRevisions.js"
import { PersistentMapsLive } from "../store/PersistentMaps.js"
import type { PersistentMapsService } from "../store/PersistentMapsService.js"
import { applyChanges } from "./apply/applyChanges.js"
import { changedPages } from "./changedPages.js"
import { type ContentTree, loadContentTree, loadSharedContentTree } from "./ContentTree.js"
import { diffRevisions } from "./diff/diffRevisions.js"
import { importPages } from "./importPages.js"
import { mergeRevisions } from "./merge/mergeRevisions.js"
import { makeRenderCache } from "./render/RenderCache.js"

/** Trees of recent revisions an engine keeps for `keptTree` (a few hundred bytes each: they read through the shared caches). */
const KEPT_TREES = 2_048

/** The summed size of the renders an engine keeps, as UTF-8 JSON. */
const RENDERS_BYTES = 32 * 1024 * 1024

type EnginePorts = ObjectStore | BlobStore | RevisionRepository | PersistentMapsService | Storage | DecodedObjects | KnownRevisions

/**
 * The content engine over the storage ports, for services that need no ports of their own
 * in their types: read a revision's tree, apply a change batch, diff, merge, import. Access
 * control is the caller's (the change-request and content services): the engine trusts the
 * revision ids it is given.
 */
export class ContentEngine extends Effect.Service<ContentEngine>()("@quire/core/ContentEngine", {
  effect: Effect.gen(function* () {
    const context = yield* Effect.context<EnginePorts>()
    const markdown = yield* MarkdownWork
    const run = <A, E>(self: Effect.Effect<A, E, EnginePorts>) =>
      Effect.provide(self, context).pipe(Effect.provideService(MarkdownWork, markdown))
    const keptTrees = new LruCache<string, ContentTree>(KEPT_TREES)
    return {
      tree: (...args: Parameters<typeof loadContentTree>) => run(loadContentTree(...args)),
      /**
       * A revision's tree, kept for later calls: for reads that open the same few revisions
       * over and over (a search places its hits in each space's current revision).
       */
      keptTree: (revisionId: string): Effect.Effect<ContentTree, NotFound> =>
        Effect.suspend(() => {
          const kept = keptTrees.get(revisionId)
          return kept !== undefined
            ? Effect.succeed(kept)
            : Effect.tap(run(loadSharedContentTree(revisionId)), (tree) => Effect.sync(() => keptTrees.set(revisionId, tree)))
        }),
      /**
       * Reads the documents of a batch (as sent) ahead of `apply`, outside any transaction, for
       * its `prepared` option: with workers, the slow part of a write holds no lock.
       */
      prepareDocuments: (changes: ReadonlyArray<unknown>) => prepareDocuments(markdown, batchMarkdown(changes)),
      apply: (...args: Parameters<typeof applyChanges>) => run(applyChanges(...args)),
      diff: (...args: Parameters<typeof diffRevisions>) => run(diffRevisions(...args)),
      /** The pages that differ between two revisions, with their markdown (see `changedPages`). */
      changedPages: (...args: Parameters<typeof changedPages>) => run(changedPages(...args)),
      merge: (...args: Parameters<typeof mergeRevisions>) => run(mergeRevisions(...args)),
      importPages: (...args: Parameters<typeof importPages>) => run(importPages(...args)),
      /** A file's bytes by their sha256 (a `FileValue`'s `sha256`); none when the store lacks them. */
      blob: (sha256: string) => run(Effect.flatMap(BlobStore, (blobs) => blobs.get(sha256))),
      /**
       * Where this engine reads documents (the application's `MarkdownWork`: worker threads in the
       * server), for work that reads many of them ahead of a write, as an import's files.
       */
      markdown,
      /** Renders of revisions, kept for this engine (its URLs are its application's). */
      renders: makeRenderCache(RENDERS_BYTES)
    }
  }),
  dependencies: [PersistentMapsLive, DecodedObjects.layer(), KnownRevisions.layer()]
}) {}
