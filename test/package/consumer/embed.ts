/**
 * A backend outside the workspace embedding Quire from the packed packages: run with plain
 * `node` after `tsc` (strict, no `skipLibCheck`). Between the markers: docs/embedding.md's example.
 */
// README:begin
import { Actor, ContentEngine, Organizations, QuireCore, Content, Spaces, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime, Option } from "effect"

const runtime = ManagedRuntime.make(
  QuireCore.layer({ publicUrl: "https://docs.example.com" }).pipe(
    Layer.provideMerge(SqliteStorage.layer({ filename: "./data/quire.db" }))
  )
)
// An e-mail address is one user's: made on the first run, found on the next.
const user = await runtime.runPromise(
  Effect.flatMap(Users, (users) =>
    Effect.flatMap(users.findByEmail("a@example.com"), (found) =>
      Option.isSome(found) ? Effect.succeed(found.value) : users.create({ email: "a@example.com", displayName: "A" })
    )
  )
)
const space = await runtime.runPromise(
  Effect.gen(function* () {
    const org = yield* (yield* Organizations).create({ title: "Acme" })
    const space = yield* (yield* Spaces).create(org.id, { title: "Handbook" })
    // Content: write a revision (an import here; `engine.apply` takes the official change batch),
    // then merge it onto the space, as a change request's merge would.
    const engine = yield* ContentEngine
    const imported = yield* engine.importPages([{ title: "Welcome", markdown: "Hello." }], { spaceId: space.id })
    return (yield* (yield* Content).merge(space.id, { revision: imported.revision.id })).space
  }).pipe(Effect.provideService(Actor, user))
)
// README:end

const pages = await runtime.runPromise(
  Effect.flatMap(ContentEngine, (engine) =>
    Effect.flatMap(engine.tree(space.revision), (tree) => tree.children(null))
  )
)
console.log(JSON.stringify({ space: space.title, pages: pages.map((p) => p.title) }))
await runtime.dispose()
