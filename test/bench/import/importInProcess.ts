import {
  Actor,
  ContentEngine,
  GitRemote,
  IsomorphicGitRemote,
  type OrganizationId,
  QuireCore,
  readLayout,
  type RevisionId,
  SearchIndexer,
  SpaceRepository,
  Spaces,
  type SpaceId,
  Storage,
  unrestricted,
  UserId,
  UserRepository
} from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { addImportedPages } from "../../../packages/core/src/import/addImportedPages.js"
import type { ImportReading } from "../../../packages/core/src/import/readImport.js"
import { startGitServer } from "../../support/gitServer.js"
import type { Backend } from "../backends.js"
import type { ImportCorpus } from "./importCorpus.js"

/** What the in-process part of the import block measures, in seconds. */
export interface InProcessImportFigures {
  readonly gitS: number
  readonly engineS: number
}

const seconds = (since: number) => (performance.now() - since) / 1000

/** The outlines the reading parsed, by body, for the search index (as `ContentImports` hands them on). */
const outlinesOf = (reading: ImportReading) =>
  new Map(reading.pages.flatMap(({ parsedBody }) => (parsedBody?.outline === undefined ? [] : [[parsedBody.body, parsedBody.outline] as const])))

/**
 * A reading added to a space as `ContentImports.importIntoSpace` adds one: in one transaction,
 * the pages after the space's root pages, the space moved to the new revision, the search index
 * following it. What a Git import will do once the lead's Git sync jobs land.
 */
const importReading = (spaceId: SpaceId, reading: ImportReading) =>
  Effect.gen(function* () {
    const engine = yield* ContentEngine
    const spaces = yield* SpaceRepository
    const indexer = yield* SearchIndexer
    const storage = yield* Storage
    yield* storage.transaction(
      unrestricted(
        "bench: a Git import into a space the seeded user made",
        Effect.gen(function* () {
          const current = Option.getOrThrow(yield* spaces.findById(spaceId))
          const revisionId = yield* addImportedPages(engine, spaceId, current.revisionId as RevisionId, reading)
          yield* spaces.update({ ...current, revisionId })
          yield* indexer.follow(spaceId, revisionId, { outlines: outlinesOf(reading) })
        })
      )
    )
  })

/**
 * On the backend's seeded database, in this process (no server running): `gitS`, the corpus
 * pushed to a bare repository on a loopback Git server (not timed), then fetched with
 * `GitRemote.fetchTree`, read with `readLayout` and imported into a fresh space (timed); and
 * `engineS`, `ContentEngine.importPages` of the same pages in one batch into another fresh space.
 */
export const measureImportInProcess = async (
  backend: Backend,
  seeded: { readonly userId: string; readonly organizationId: string },
  corpus: ImportCorpus
): Promise<InProcessImportFigures> => {
  const runtime = ManagedRuntime.make(
    QuireCore.layer({ publicUrl: "http://bench.invalid" }).pipe(
      Layer.provideMerge(
        backend.name === "sqlite" ? SqliteStorage.layer({ filename: backend.database }) : PostgresStorage.layer({ url: backend.database })
      ),
      Layer.provideMerge(IsomorphicGitRemote.layer()),
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
  const git = await startGitServer({ name: "bench-import" })
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        const user = Option.getOrThrow(yield* unrestricted("bench: the seeded user", (yield* UserRepository).findById(UserId.make(seeded.userId))))
        const spaces = yield* Spaces
        const remote = yield* GitRemote
        const newSpace = (title: string) =>
          Effect.map(Effect.provideService(spaces.create(seeded.organizationId as OrganizationId, { title }), Actor, user), (space) => space.id as SpaceId)
        const ref = "refs/heads/main"
        yield* remote.pushTree({ url: git.url, ref, files: corpus.files, message: "The bench's pages", author: { name: "Bench", email: "bench@example.com" } })

        const gitSpace = yield* newSpace("Import bench (Git)")
        const gitStart = performance.now()
        const fetched = yield* remote.fetchTree({ url: git.url, ref })
        const fetchS = seconds(gitStart)
        const layout = yield* readLayout(fetched.files)
        const readS = seconds(gitStart) - fetchS
        const reading: ImportReading = { pages: layout.pages, files: layout.files, total: layout.pages.length + layout.files.length + layout.skipped.length }
        yield* importReading(gitSpace, reading)
        const gitS = seconds(gitStart)
        console.log(`  Git: fetchTree ${fetchS.toFixed(2)} s, readLayout ${readS.toFixed(2)} s, import ${(gitS - fetchS - readS).toFixed(2)} s`)
        if (layout.pages.length !== corpus.pages.length) throw new Error(`import: the Git import read ${layout.pages.length} pages of ${corpus.pages.length}`)

        const engineSpace = yield* newSpace("Import bench (engine)")
        const engine = yield* ContentEngine
        const engineStart = performance.now()
        yield* engine.importPages(corpus.pages, { spaceId: engineSpace })
        return { gitS, engineS: seconds(engineStart) }
      }).pipe(Effect.orDie)
    )
  } finally {
    await git.close()
    await runtime.dispose()
  }
}
