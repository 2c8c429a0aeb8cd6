import {
  Actor,
  ContentEngine,
  type OrganizationId,
  QuireCore,
  type SpaceId,
  Spaces,
  unrestricted,
  UserId,
  UserRepository
} from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import type { Backend } from "../backends.js"
import { withThisProcessPinned } from "../processes.js"
import type { ImportCorpus } from "./importCorpus.js"

const seconds = (since: number) => (performance.now() - since) / 1000

/**
 * On the backend's seeded database, in this process (no server running): `engineS`,
 * `ContentEngine.importPages` of the corpus's pages in one batch into a fresh space, `runs` times
 * (seconds each). Measured as the server's imports are: after one import untimed (the code
 * warm), on the server's one CPU.
 */
export const measureEngineImport = async (
  backend: Backend,
  seeded: { readonly userId: string; readonly organizationId: string },
  corpus: ImportCorpus,
  cpu: number,
  runs: number
): Promise<ReadonlyArray<number>> => {
  const runtime = ManagedRuntime.make(
    QuireCore.layer({ publicUrl: "http://bench.invalid" }).pipe(
      Layer.provideMerge(
        backend.name === "sqlite" ? SqliteStorage.layer({ filename: backend.database }) : PostgresStorage.layer({ url: backend.database })
      ),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        const user = Option.getOrThrow(yield* unrestricted("bench: the seeded user", (yield* UserRepository).findById(UserId.make(seeded.userId))))
        const engine = yield* ContentEngine
        const importOnce = Effect.gen(function* () {
          const space = yield* Effect.provideService((yield* Spaces).create(seeded.organizationId as OrganizationId, { title: "Import bench (engine)" }), Actor, user)
          const started = performance.now()
          yield* engine.importPages(corpus.pages, { spaceId: space.id as SpaceId })
          return seconds(started)
        })
        yield* importOnce
        return yield* Effect.promise(() =>
          withThisProcessPinned(cpu, () => runtime.runPromise(Effect.replicateEffect(importOnce, runs).pipe(Effect.orDie)))
        )
      }).pipe(Effect.orDie)
    )
  } finally {
    await runtime.dispose()
  }
}
