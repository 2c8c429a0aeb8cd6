/** Each step of `Spaces.get`, repeated in one fiber vs run in a fresh fiber per call. */
import { Actor, ApiTokens, MemberRepository, OrganizationId, Organizations, QuireCore, SpaceId, SpaceRepository, Spaces, Users } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Context, Effect, Layer, ManagedRuntime } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const filename = join(mkdtempSync(join(tmpdir(), "quire-micro-")), "q.db")
const runtime = ManagedRuntime.make(
  QuireCore.layer({ publicUrl: "http://localhost" }).pipe(
    Layer.provideMerge(SqliteStorage.layer({ filename })),
    Layer.provideMerge(Layer.setTracerEnabled(false))
  )
)
const f = await runtime.runPromise(
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: "m@example.com", displayName: "M" })
    yield* (yield* ApiTokens).issue(user.id)
    const org = yield* Effect.provideService((yield* Organizations).create({ title: "Micro" }), Actor, user)
    const space = yield* Effect.provideService((yield* Spaces).create(org.id as any, { title: "S" }), Actor, user)
    return { user, org: OrganizationId.make(org.id), space: SpaceId.make(space.id) }
  })
)
const n = 10000
const fresh = async (label: string, effect: Effect.Effect<unknown, unknown, any>) => {
  for (let i = 0; i < 2000; i++) await runtime.runPromise(effect as any)
  let best = Infinity
  for (let r = 0; r < 3; r++) {
    const start = performance.now()
    for (let i = 0; i < n; i++) await runtime.runPromise(effect as any)
    best = Math.min(best, ((performance.now() - start) / n) * 1000)
  }
  console.log(`${label.padEnd(40)} ${best.toFixed(1)} µs per fresh fiber`)
}
await fresh("Effect.void", Effect.void)
await fresh("SpaceRepository.findById", Effect.flatMap(SpaceRepository, (r) => r.findById(f.space)))
await fresh("findWithMembership", Effect.flatMap(SpaceRepository, (r) => r.findWithMembership(f.space, f.user.id)))
await fresh("MemberRepository.find", Effect.flatMap(MemberRepository, (r) => r.find(f.org, f.user.id)))
await fresh("two finds", Effect.zipRight(Effect.flatMap(SpaceRepository, (r) => r.findById(f.space)), Effect.flatMap(MemberRepository, (r) => r.find(f.org, f.user.id))))
await fresh("Spaces.get", Effect.provideService(Effect.flatMap(Spaces, (s) => s.get(f.space)), Actor, f.user))
// The same call inside a context as large as a request's (every service of the app).
let big = Context.empty() as Context.Context<any>
for (let i = 0; i < 60; i++) big = Context.add(big, Context.GenericTag<any>(`dummy${i}`), { i })
await fresh("Spaces.get, 60 more services in context", Effect.provide(Effect.provideService(Effect.flatMap(Spaces, (s) => s.get(f.space)), Actor, f.user), big))
await runtime.dispose()
