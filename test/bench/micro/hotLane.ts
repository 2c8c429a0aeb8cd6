/**
 * `tsx test/bench/micro/hotLane.ts`: what `HotReads` costs per page read in process, without HTTP:
 * `answer(request)` over random pages of the 10,000-page space of a seed made by `pageCpu.ts`
 * (`MICRO_SEED_CACHE`, default /tmp/seedcache), after every page was read once. Median and mean
 * µs over `MICRO_N` (20000) reads, 5 rounds. Far steadier than a server under wrk: for trying
 * changes to the hot path one at a time. Run it on the build for real figures:
 * `node --conditions=quire-built --import tsx test/bench/micro/hotLane.ts`.
 * `MICRO_PROF=<file>`: a CPU profile of the rounds (not of the first pass), for `cpuProfileReport.ts`.
 */
import { HttpServerRequest } from "@effect/platform"
import { QuireCore } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer, Option } from "effect"
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AddressFailuresLive, BearerTokensLive, HotReads, HotReadsLive, RateLimits } from "@quire/http"
import type { Seeded } from "../seed.js"

const cache = process.env.MICRO_SEED_CACHE ?? "/tmp/seedcache"
const seeded = JSON.parse(readFileSync(join(cache, "page.json"), "utf8")) as Seeded
const dir = mkdtempSync(join(tmpdir(), "quire-hot-lane-"))
copyFileSync(join(cache, "page.db"), join(dir, "q.db"))
const space = [...seeded.content].sort((a, b) => b.pages - a.pages)[0]!
const n = Number(process.env.MICRO_N ?? 20000)

const layer = HotReadsLive.pipe(
  Layer.provide(BearerTokensLive),
  Layer.provide(AddressFailuresLive),
  // As the bench's server: a budget no run reaches.
  Layer.provide(RateLimits.layer({ requestsPerToken: 0 })),
  Layer.provide(QuireCore.layer({ publicUrl: "http://127.0.0.1:1" })),
  Layer.provide(SqliteStorage.layer({ filename: join(dir, "q.db") }))
)

const requests = space.pageIds.map((id) =>
  HttpServerRequest.fromWeb(
    new Request(`http://127.0.0.1:1/v1/spaces/${space.spaceId}/content/page/${id}?format=markdown`, {
      headers: { authorization: `Bearer ${seeded.token}` }
    })
  )
)

const program = Effect.gen(function* () {
  const hot = yield* HotReads
  const read = (request: HttpServerRequest.HttpServerRequest) =>
    Effect.flatMap(hot.answer(request)!, (answer) =>
      Option.isSome(answer) ? Effect.void : Effect.dieMessage(`not answered: ${request.url}`)
    )
  const heapMb = () => {
    ;(globalThis as { gc?: () => void }).gc?.()
    return (process.memoryUsage().heapUsed / 1e6).toFixed(0)
  }
  const before = heapMb()
  for (const request of requests) yield* read(request)
  console.log(`heap after a full collection: ${before} MB before the first read of every page, ${heapMb()} MB after (run with --expose-gc)`)
  const profile = process.env.MICRO_PROF
  const session = new Session()
  if (profile) {
    session.connect()
    yield* Effect.promise(() => session.post("Profiler.enable"))
    yield* Effect.promise(() => session.post("Profiler.setSamplingInterval", { interval: 50 }))
    yield* Effect.promise(() => session.post("Profiler.start"))
  }
  for (let round = 0; round < 5; round++) {
    const times = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      const request = requests[(i * 7919) % requests.length]!
      const start = performance.now()
      yield* read(request)
      times[i] = (performance.now() - start) * 1000
    }
    const sorted = [...times].sort((a, b) => a - b)
    const mean = times.reduce((a, b) => a + b, 0) / n
    console.log(`round ${round + 1}: median ${sorted[n >> 1]!.toFixed(1)} µs, mean ${mean.toFixed(1)} µs`)
  }
  if (profile) {
    const { profile: written } = yield* Effect.promise(() => session.post("Profiler.stop"))
    writeFileSync(profile, JSON.stringify(written))
  }
})

try {
  await Effect.runPromise(program.pipe(Effect.provide(layer)))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
