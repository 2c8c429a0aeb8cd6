/**
 * `@quire/core` on `@quire/storage-postgres` from the packed packages: migrates the database
 * named by DATABASE_URL and makes a user, an organization and a space in it.
 */
import { Actor, Organizations, QuireCore, Spaces, Users } from "@quire/core"
import { PostgresStorage } from "@quire/storage-postgres"
import { Effect, Layer } from "effect"

const url = process.env.DATABASE_URL
if (url === undefined) throw new Error("DATABASE_URL is not set")

const program = Effect.gen(function* () {
  const ada = yield* (yield* Users).create({ email: "ada@example.com", displayName: "Ada" })
  return yield* Effect.gen(function* () {
    const org = yield* (yield* Organizations).create({ title: "Acme" })
    const space = yield* (yield* Spaces).create(org.id, { title: "Handbook" })
    return { organization: org.title, space: space.title }
  }).pipe(Effect.provideService(Actor, ada))
})

const core = QuireCore.layer({ publicUrl: "https://docs.example.com" }).pipe(
  Layer.provideMerge(PostgresStorage.layer({ url, maxConnections: 2 }))
)
console.log(JSON.stringify(await Effect.runPromise(program.pipe(Effect.provide(core)))))
