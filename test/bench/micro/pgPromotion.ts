/**
 * `node --trace-gc-nvp --import tsx test/bench/micro/pgPromotion.ts`: what Quire's Postgres
 * reads promote in process, without HTTP. `MICRO_C` (32) fibers each read random seeded spaces
 * with `Spaces.get` one after another for `MICRO_SECONDS` (8); the collector's `promoted` and
 * `new_space_survived` per young collection are in the trace. `MICRO_MODE=get` (the service), `get-root` (each read a root fiber, as a request is), `get-request` (a root fiber on a runtime of its own over a copy of the context, as `NodeServer` runs a request),
 * `raw` (the same named statement with `pg` alone, through `Effect.async`). Run it with
 * `--max-semi-space-size=64` to match `quire serve`.
 */
import { Actor, QuireCore, type SpaceId, Spaces, UserRepository, type UserId } from "@quire/core"
import { installRootFibers } from "@quire/core/rootFibers"
import { PostgresStorage } from "@quire/storage-postgres"
import { Context, Effect, Layer, ManagedRuntime, Option, Runtime } from "effect"
import pg from "pg"
import { seedPostgres } from "./pgSeed.js"

// As `NodeServer` and `@quire/embed` do; MICRO_ROOTS=effect leaves Effect's own set.
if (process.env.MICRO_ROOTS === "none") {
  const scope = (globalThis as any)["effect/GlobalValue"]?.get(Symbol.for("effect/FiberScope/Global"))
  scope.roots = { add() {}, delete() {}, has: () => false, size: 0, [Symbol.iterator]: function* () {} }
} else if (process.env.MICRO_ROOTS !== "effect") installRootFibers()
const concurrency = Number(process.env.MICRO_C ?? 32)
const seconds = Number(process.env.MICRO_SECONDS ?? 8)
const mode = process.env.MICRO_MODE ?? "get"
const database = await seedPostgres(Number(process.env.MICRO_SPACES ?? 2000))
const { seeded } = database
const runtime = ManagedRuntime.make(
  QuireCore.layer({ publicUrl: "http://localhost" }).pipe(
    Layer.provideMerge(PostgresStorage.layer({ url: database.url })),
    Layer.provide(Layer.setTracerEnabled(false))
  )
)
const pool = new pg.Pool({ connectionString: database.url, max: 10 })
try {
  const user = Option.getOrThrow(
    await runtime.runPromise(Effect.flatMap(UserRepository, (users) => users.findById(seeded.userId as UserId)))
  )
  const spaces = await runtime.runPromise(Spaces)
  const randomId = () => seeded.spaceIds[Math.floor(Math.random() * seeded.spaceIds.length)]! as SpaceId
  const raw = (id: string) =>
    Effect.async<unknown>((resume) => {
      pool.query({ name: "raw_space", text: "SELECT * FROM spaces WHERE id = $1", values: [id], rowMode: "array" }, (error, result) =>
        resume(error ? Effect.die(error) : Effect.succeed(result.rows))
      )
    })
  const get = () => Effect.provideService(spaces.get(randomId()), Actor, user)
  // get-root: each read a root fiber of its own, as each request is in a server.
  // get-request: as `NodeServer` runs a request: a runtime of its own over a copy of the context.
  const base = await runtime.runtime()
  const asRequest = () =>
    Effect.async<void>((resume) => {
      const forRequest = Runtime.make({
        context: Context.unsafeMake(new Map(base.context.unsafeMap).set("request", { at: Date.now() })),
        fiberRefs: base.fiberRefs,
        runtimeFlags: base.runtimeFlags
      })
      Runtime.runFork(forRequest)(get()).addObserver(() => resume(Effect.void))
    })
  const read =
    mode === "raw"
      ? () => raw(randomId())
      : mode === "get-root"
        ? () => Effect.promise(() => runtime.runPromise(get()))
        : mode === "get-request"
          ? asRequest
          : get
  const end = Date.now() + seconds * 1000
  let calls = 0
  const loop: Effect.Effect<void, unknown> = Effect.suspend(() =>
    Date.now() >= end ? Effect.void : Effect.zipRight(Effect.tap(read(), () => void calls++), loop)
  )
  await runtime.runPromise(Effect.all(Array.from({ length: concurrency }, () => loop), { concurrency: "unbounded", discard: true }))
  console.log(`${mode}: ${Math.round(calls / seconds)} calls/s on ${concurrency} fibers`)
} finally {
  await pool.end()
  await runtime.dispose()
  await database.drop()
}
