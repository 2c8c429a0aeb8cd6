/** Cost of each layer of a `GET /v1/spaces/{id}`, measured in one process. */
import { Actor, ApiTokens, MemberRepository, OrganizationId, Organizations, QuireCore, SpaceId, SpaceRepository, Spaces, TokenRepository, Users, hashToken } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime } from "effect"
import Database from "better-sqlite3"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const filename = join(mkdtempSync(join(tmpdir(), "quire-micro-")), "q.db")
const runtime = ManagedRuntime.make(
  QuireCore.layer({ publicUrl: "http://localhost" }).pipe(
    Layer.provideMerge(SqliteStorage.layer({ filename })),
    Layer.provideMerge(process.env.TRACER === "on" ? Layer.empty : Layer.setTracerEnabled(false))
  )
)
const fixture = await runtime.runPromise(
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: "m@example.com", displayName: "M" })
    const token = yield* (yield* ApiTokens).issue(user.id)
    const org = yield* Effect.provideService((yield* Organizations).create({ title: "Micro" }), Actor, user)
    const space = yield* Effect.provideService((yield* Spaces).create(org.id as any, { title: "S" }), Actor, user)
    return { user, token, org: OrganizationId.make(org.id), space: SpaceId.make(space.id) }
  })
)
const time = async (label: string, n: number, effect: Effect.Effect<unknown, unknown, any>) => {
  await runtime.runPromise(Effect.repeatN(effect, 1000) as any)
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const start = performance.now()
    await runtime.runPromise(Effect.repeatN(effect, n - 1) as any)
    best = Math.min(best, ((performance.now() - start) / n) * 1000)
  }
  console.log(`${label.padEnd(44)} ${best.toFixed(1)} µs`)
}
const n = 5000
await time("Effect.void", n, Effect.void)
await time("SpaceRepository.findById (cold)", n, Effect.flatMap(SpaceRepository, (r) => r.findById(fixture.space)))
await time("SpaceRepository.findById", n, Effect.flatMap(SpaceRepository, (r) => r.findById(fixture.space)))
await time("MemberRepository.find", n, Effect.flatMap(MemberRepository, (r) => r.find(fixture.org, fixture.user.id)))
await time("TokenRepository.findUserByHash", n, Effect.flatMap(TokenRepository, (r) => r.findUserByHash(hashToken(fixture.token))))
await time("Actor + render only", n, Effect.provideService(Effect.flatMap(Spaces, (s) => s.get(fixture.space)).pipe(Effect.as(1)), Actor, fixture.user))
await time("Spaces.get (service)", n, Effect.provideService(Effect.flatMap(Spaces, (s) => s.get(fixture.space)), Actor, fixture.user))
const db = new Database(filename)
const stmt = db.prepare("SELECT * FROM spaces WHERE id = ?")
let start = performance.now()
for (let i = 0; i < n; i++) stmt.get(fixture.space)
console.log(`${"better-sqlite3 prepared get".padEnd(44)} ${(((performance.now() - start) / n) * 1000).toFixed(1)} µs`)
start = performance.now()
for (let i = 0; i < n; i++) JSON.stringify(await runtime.runPromise(Effect.provideService(Effect.flatMap(Spaces, (s) => s.get(fixture.space)), Actor, fixture.user)))
console.log(`${"Spaces.get + stringify, one runPromise each".padEnd(44)} ${(((performance.now() - start) / n) * 1000).toFixed(1)} µs`)
await runtime.dispose()
