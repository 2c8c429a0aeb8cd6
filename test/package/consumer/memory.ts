/** `@quire/core` on `@quire/storage-memory` from the packed packages: a user, an organization and a space. */
import { Actor, Organizations, QuireCore, Spaces, Users } from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"

const program = Effect.gen(function* () {
  const ada = yield* (yield* Users).create({ email: "ada@example.com", displayName: "Ada" })
  return yield* Effect.gen(function* () {
    const org = yield* (yield* Organizations).create({ title: "Acme" })
    const space = yield* (yield* Spaces).create(org.id, { title: "Handbook" })
    return { organization: org.title, space: space.title }
  }).pipe(Effect.provideService(Actor, ada))
})

const core = QuireCore.layer({ publicUrl: "https://docs.example.com" }).pipe(Layer.provideMerge(MemoryStorage.layer))
console.log(JSON.stringify(await Effect.runPromise(program.pipe(Effect.provide(core)))))
