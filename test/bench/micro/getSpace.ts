/**
 * Per-request cost of `GET /v1/spaces/{id}` inside one process, without sockets:
 * the web handler called in a loop. For finding where time goes, not for the README.
 */
import { HttpApiBuilder, HttpServer } from "@effect/platform"
import { Actor, ApiTokens, Organizations, QuireCore, Spaces, Users } from "@quire/core"
import { QuireHttpApi } from "@quire/http"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, ManagedRuntime } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const filename = join(mkdtempSync(join(tmpdir(), "quire-micro-")), "q.db")
const core = QuireCore.layer({ publicUrl: "http://localhost" }).pipe(Layer.provideMerge(SqliteStorage.layer({ filename })))
const runtime = ManagedRuntime.make(core)
const { token, ids } = await runtime.runPromise(
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email: "m@example.com", displayName: "M" })
    const token = yield* (yield* ApiTokens).issue(user.id)
    const org = yield* Effect.provideService((yield* Organizations).create({ title: "Micro" }), Actor, user)
    const ids: Array<string> = []
    for (let i = 0; i < 200; i++) ids.push((yield* Effect.provideService((yield* Spaces).create(org.id as any, { title: `S${i}` }), Actor, user)).id)
    return { token, ids }
  })
)
const { handler, dispose } = HttpApiBuilder.toWebHandler(
  Layer.mergeAll(QuireHttpApi, HttpServer.layerContext).pipe(Layer.provide(core)),
  {}
)
const request = (i: number) =>
  handler(new Request(`http://localhost/v1/spaces/${ids[i % ids.length]}`, { headers: { authorization: `Bearer ${token}` } }))

const first = await request(0)
if (first.status !== 200) throw new Error(`status ${first.status}: ${await first.text()}`)
const n = Number(process.env.MICRO_N ?? 5000)
for (let i = 0; i < 1000; i++) await (await request(i)).text()
const start = performance.now()
for (let i = 0; i < n; i++) await (await request(i)).text()
const ms = performance.now() - start
console.log(`GET /v1/spaces/{id}: ${(ms / n * 1000).toFixed(1)} µs per request (${Math.round(n / (ms / 1000))} req/s in-process)`)
await dispose()
await runtime.dispose()
