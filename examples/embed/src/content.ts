/**
 * The content engine through the library API: a first revision, two lines of edits from it,
 * their merge, what changed, and the result put onto a space. Each step writes only what changed.
 */
import { Actor, ContentEngine, contentUrls, Organizations, QuireCore, Content, Spaces, Urls, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"

const tour = Effect.gen(function* () {
  const org = yield* (yield* Organizations).create({ title: "Acme" })
  const space = yield* (yield* Spaces).create(org.id, { title: "Handbook" })
  const spaceId = space.id
  const engine = yield* ContentEngine
  // A first revision for the space, written in one batch.
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
  // Put the result onto the space, under the rules of a merge (the caller needs `merge`).
  const published = yield* (yield* Content).merge(spaceId, { revision: merged.revision.id })
  return { merged: merged.revision.id, changes: changes.changes.map((c) => c.type), space: published.space }
})

export const contentTour = (filename: string) =>
  Effect.gen(function* () {
    const owner = yield* (yield* Users).create({ email: "owner@example.com", displayName: "Owner" })
    return yield* Effect.provideService(tour, Actor, owner)
  }).pipe(
    Effect.provide(
      QuireCore.layer({ publicUrl: "http://localhost:3000" }).pipe(
        Layer.provideMerge(SqliteStorage.layer({ filename }))
      )
    )
  )
