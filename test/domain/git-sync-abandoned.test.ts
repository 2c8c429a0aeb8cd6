import { describe, expect, it } from "@effect/vitest"
import {
  ContentEngine,
  gitImportHandler,
  GitSync,
  IsomorphicGitRemote,
  JobRepository,
  SearchIndexer,
  SecretSeal,
  Spaces
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { as, contentLayer, newWorld } from "../support/content.js"

/**
 * A Git sync job the runner fails without running (its worker died during the last attempt)
 * ends its operation too: `getSpaceGitInfo` says `failure` with the reason, not `running` forever.
 */
const layer = Layer.mergeAll(GitSync.Default, ContentEngine.Default, SearchIndexer.Default).pipe(
  // The handler's context (it never reaches the remote here).
  Layer.provideMerge(Layer.mergeAll(contentLayer, SecretSeal.layer("a test signing key of enough length"), IsomorphicGitRemote.layer()))
)

describe("Git sync, a job failed without running", () => {
  it.effect("its handler's `abandoned` ends the operation `failure` with the runner's reason", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const space = yield* as(w.admin)(Effect.flatMap(Spaces, (spaces) => spaces.create(w.org, { title: "Synced" })))
      const gitSync = yield* GitSync
      yield* as(w.admin)(gitSync.requestImport(space.id, { url: "https://git.example.com/docs.git", ref: "refs/heads/main" }))
      expect((yield* as(w.admin)(gitSync.info(space.id))).operation?.state).toBe("running")

      const now = new Date().toISOString()
      const claimed = yield* (yield* JobRepository).claim({ kinds: [gitImportHandler.kind], claimedBy: "dead", now, leaseUntil: now })
      const job = Option.getOrThrow(claimed)
      yield* gitImportHandler.abandoned!(job.payload, job, "its worker stopped during the last attempt")

      const state = yield* as(w.admin)(gitSync.info(space.id))
      expect(state.operation).toMatchObject({ state: "failure", error: "its worker stopped during the last attempt" })
    }).pipe(Effect.provide(layer))
  )
})
