/**
 * `tsx test/bench/micro/mergeCost.ts`: where a one-page merge's time goes, in process on a
 * SQLite file (no HTTP): the whole `ChangeRequests.merge`, and apart, the three steps of the
 * search index following it (`changedPages`, `indexedSections`, `SearchIndex.apply`).
 * Medians of `MICRO_ROUNDS` (40) merges into a space of `MICRO_PAGES` (10) pages, in CPU milliseconds of the process (the SQLite work runs on its thread).
 */
import {
  ChangeRequests,
  Collections,
  Content,
  ContentEngine,
  Actor,
  Ids,
  indexedSections,
  Organizations,
  SearchIndex,
  Spaces,
  Storage,
  Urls,
  Users,
  type OrganizationId,
  type RevisionId,
  type UserRecord,
  type SpaceId
} from "@quire/core"
import { SqliteStorage } from "@quire/storage-sqlite"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { testAuthority } from "../../support/authority.js"

const rounds = Number(process.env.MICRO_ROUNDS ?? 40)
const pageCount = Number(process.env.MICRO_PAGES ?? 10)
const filename = join(mkdtempSync(join(tmpdir(), "quire-merge-cost-")), "q.db")

const layer = Layer.mergeAll(
  ChangeRequests.Default,
  Content.Default,
  ContentEngine.Default,
  Collections.Default,
  Spaces.Default,
  Organizations.Default,
  Users.Default
).pipe(Layer.provideMerge(Layer.mergeAll(SqliteStorage.layer({ filename }), testAuthority, Ids.random, Urls.layer("http://quire.test"))))

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** CPU milliseconds of this process (user + system) over `self`: steadier than wall time on a busy machine. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const timed = <A, E, R>(into: Array<number>, self: Effect.Effect<A, E, R>) =>
  Effect.suspend(() => {
    const t = cpuMs()
    return Effect.tap(self, () => Effect.sync(() => into.push(cpuMs() - t)))
  })

const as =
  (user: UserRecord) =>
  <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.provideService(self, Actor, user)

const newWorld = Effect.gen(function* () {
  const admin = yield* Effect.flatMap(Users, (users) => users.create({ email: "ada@example.com", displayName: "Ada" }))
  const organization = yield* as(admin)(Effect.flatMap(Organizations, (o) => o.create({ title: "Acme" })))
  return { admin, org: organization.id as OrganizationId }
})

const program = Effect.gen(function* () {
  const spaces = yield* Spaces
  const content = yield* Content
  const engine = yield* ContentEngine
  const crs = yield* ChangeRequests
  const index = yield* SearchIndex
  const storage = yield* Storage
  const w = yield* newWorld
  const space = yield* as(w.admin)(spaces.create(w.org, { title: "Merge cost" }))
  const pages = Array.from({ length: pageCount }, (_, i) => ({
    id: `p${i}`,
    title: `Page ${i}`,
    markdown: `Lead of page ${i}.\n\n## Overview\n\nSome words about page ${i}.\n\n## Details\n\nMore words.\n`
  }))
  const first = yield* engine.importPages(pages, { spaceId: space.id, parents: [space.revision] })
  yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))
  const merge: Array<number> = []
  const mergeWall: Array<number> = []
  const diff: Array<number> = []
  const sections: Array<number> = []
  const apply: Array<number> = []
  let revision = first.revision.id as RevisionId
  for (let n = 0; n <= rounds; n++) {
    const cr = yield* as(w.admin)(crs.create(space.id, { subject: `Round ${n}` }))
    yield* as(w.admin)(
      crs.updateContent(space.id, cr.id, [
        { operation: "update_page", page: `p${n % pageCount}`, document: { markdown: `## Overview\n\nEdited in round ${n}.\n` } }
      ] as never)
    )
    const wall = performance.now()
    yield* timed(merge, as(w.admin)(crs.merge(space.id, cr.id)))
    mergeWall.push(performance.now() - wall)
    const now = (yield* as(w.admin)(spaces.get(space.id))).revision as RevisionId
    // The index's steps again, on the same two revisions, apart.
    const changes = yield* timed(diff, engine.changedPages(revision, now))
    const built = yield* timed(sections, Effect.sync(() => changes.changed.map(({ page, markdown }) => ({ pageId: page.id, sections: indexedSections(page, markdown) }))))
    yield* timed(
      apply,
      storage.transaction(index.apply({ spaceId: space.id as SpaceId, revisionId: now, replaceAll: false, removedPages: changes.removed, pages: built }))
    )
    revision = now
  }
  const row = (name: string, xs: Array<number>) => console.log(`${name.padEnd(28)} ${median(xs.slice(1)).toFixed(2)} ms`)
  row("ChangeRequests.merge", merge)
  row("ChangeRequests.merge, wall", mergeWall)
  row("  changedPages", diff)
  row("  indexedSections", sections)
  row("  SearchIndex.apply (own tx)", apply)
})

Effect.runPromise(Effect.scoped(Effect.provide(program, layer)) as Effect.Effect<void>).catch((e) => {
  console.error(e)
  process.exit(1)
})
