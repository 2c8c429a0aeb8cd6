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

/** The engine's own import, in this process: one import at a time, each timed. */
export interface EngineImporter {
  /** `ContentEngine.importPages` of the corpus's pages in one batch into a fresh space, on `cpu` (seconds). */
  readonly importOnce: () => Promise<number>
  readonly close: () => Promise<void>
}

/**
 * On the backend's seeded database, in this process: the engine's import as the server's
 * imports are measured, after one untimed (the code warm) and on the server's one CPU. The
 * database may be the one a running server uses (it takes the same locks as a second server).
 */
export const openEngineImporter = async (
  backend: Backend,
  seeded: { readonly userId: string; readonly organizationId: string },
  corpus: ImportCorpus,
  cpu: number
): Promise<EngineImporter> => {
  const runtime = ManagedRuntime.make(
    QuireCore.layer({ publicUrl: "http://bench.invalid" }).pipe(
      Layer.provideMerge(
        backend.name === "sqlite" ? SqliteStorage.layer({ filename: backend.database }) : PostgresStorage.layer({ url: backend.database })
      ),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
  try {
    const importOnce = await runtime.runPromise(
      Effect.gen(function* () {
        const user = Option.getOrThrow(yield* unrestricted("bench: the seeded user", (yield* UserRepository).findById(UserId.make(seeded.userId))))
        const engine = yield* ContentEngine
        const spaces = yield* Spaces
        return Effect.gen(function* () {
          const space = yield* Effect.provideService(spaces.create(seeded.organizationId as OrganizationId, { title: "Import bench (engine)" }), Actor, user)
          const started = performance.now()
          yield* engine.importPages(corpus.pages, { spaceId: space.id as SpaceId })
          return seconds(started)
        }).pipe(Effect.orDie)
      }).pipe(Effect.orDie)
    )
    await runtime.runPromise(importOnce)
    return {
      importOnce: () => withThisProcessPinned(cpu, () => runtime.runPromise(importOnce)),
      close: () => runtime.dispose()
    }
  } catch (error) {
    await runtime.dispose()
    throw error
  }
}

/** `openEngineImporter`, then `runs` timed imports one after the other (seconds each). */
export const measureEngineImport = async (
  backend: Backend,
  seeded: { readonly userId: string; readonly organizationId: string },
  corpus: ImportCorpus,
  cpu: number,
  runs: number
): Promise<ReadonlyArray<number>> => {
  const importer = await openEngineImporter(backend, seeded, corpus, cpu)
  try {
    const figures: Array<number> = []
    for (let run = 0; run < runs; run++) figures.push(await importer.importOnce())
    return figures
  } finally {
    await importer.close()
  }
}
