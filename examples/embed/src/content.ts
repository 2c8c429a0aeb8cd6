/**
 * The content engine through the library API: a first revision, two lines of edits from it,
 * their merge, and what changed. Each step writes only what changed.
 */
import { ContentEngine, contentUrls, QuireCore, SpaceId, Urls } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"

export const contentTour = (filename: string) =>
  Effect.gen(function* () {
    const engine = yield* ContentEngine
    const spaceId = SpaceId.make("handbook")
    // A space's first revision, written in one batch.
    const first = yield* engine.importPages(
      [
        { id: "intro", title: "Introduction", markdown: "Welcome." },
        { id: "setup", title: "Setup", markdown: "Install it.\n\nThen run it." }
      ],
      { spaceId }
    )
    // Two lines of work from it, with the official change batch.
    const base = first.revision.id
    const ours = yield* engine.apply(base, [
      { operation: "update_page", page: "intro", document: { markdown: "# Introduction\n\nWelcome, reader." } }
    ])
    const theirs = yield* engine.apply(base, [
      { operation: "insert_page", document: { markdown: "# FAQ\n\nAsk away." } }
    ])
    // Edits to different pages merge; the result has both.
    const merged = yield* engine.merge(base, ours.revision.id, theirs.revision.id)
    if (merged._tag !== "Merged") return yield* Effect.dieMessage(`unexpected: ${merged._tag}`)
    const changes = yield* engine.diff(base, merged.revision.id, {
      urls: contentUrls(yield* Urls, spaceId)
    })
    return { merged: merged.revision.id, changes: changes.changes.map((c) => c.type) }
  }).pipe(
    Effect.provide(
      QuireCore.layer({ publicUrl: "http://localhost:3000" }).pipe(
        Layer.provideMerge(SqliteStorage.layer({ filename }))
      )
    )
  )
