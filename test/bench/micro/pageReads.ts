/**
 * `tsx test/bench/micro/pageReads.ts`: Content.page over random pages of a 10,000-page
 * space, in process, on SQLite: median and p99 µs, cold (first read of each page) and warm.
 */
import { Actor, ApiTokens, Ids, QuireCore, type SpaceId, Content, Users, ContentScope } from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { seedContentSpaces } from "../seedContent.js"

const dir = mkdtempSync(join(tmpdir(), "quire-pages-"))
const core = QuireCore.layer({ publicUrl: "http://bench.invalid" }).pipe(
  Layer.provideMerge(SqliteStorage.layer({ filename: join(dir, "q.db") }))
)

const percentile = (values: Array<number>, p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length * p) / 100)]!

const program = Effect.gen(function* () {
  const user = yield* (yield* Users).create({ email: "b@example.com", displayName: "B" })
  yield* (yield* ApiTokens).issue(user.id, "b")
  return yield* Effect.provideService(
    Effect.gen(function* () {
      const [space] = yield* seedContentSpaces([10_000])
      const content = yield* Content
      const ids = [...space!.pageIds]
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1))
        ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
      }
      for (const pass of ["cold", "warm", "warm again"]) {
        const times: Array<number> = []
        const groups: Array<number> = []
        for (const id of ids.slice(0, 2000)) {
          const start = performance.now()
          yield* content.page(ContentScope.Space({ spaceId: space!.spaceId as SpaceId }), id, { markdown: true })
          ;(id.startsWith("g") ? groups : times).push((performance.now() - start) * 1000)
        }
        console.log(
          `${pass}: document pages p50 ${percentile(times, 50).toFixed(0)} µs, p99 ${percentile(times, 99).toFixed(0)} µs; ` +
            `${groups.length} group pages p50 ${percentile(groups, 50).toFixed(0)} µs`
        )
      }
    }),
    Actor,
    user
  )
})

try {
  await Effect.runPromise(program.pipe(Effect.provide(core), Effect.provide(Ids.random)))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
