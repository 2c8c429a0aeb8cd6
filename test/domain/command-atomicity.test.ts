import { describe, expect, it } from "@effect/vitest"
import {
  MemberRepository,
  OrganizationRepository,
  type OrganizationId,
  QuireCore,
  TeamRepository,
  Teams,
  UserId,
  Organizations,
  Users,
  Actor
} from "@quire/core"
import { Context, Effect, Exit, Layer, Ref } from "effect"
import { memoryStorage } from "../support/memory.js"
import { postgresAvailable, postgresTestStorage } from "../support/postgres.js"
import { sqliteTestStorage } from "../support/sqlite.js"

const usePostgres = await postgresAvailable()
const adapters: ReadonlyArray<[string, Layer.Layer<any, any, never>]> = [
  ["memory", memoryStorage],
  ["sqlite", sqliteTestStorage],
  ...(usePostgres ? [["postgres", postgresTestStorage] as [string, Layer.Layer<any, any, never>]] : [])
]

const diskFull = () => Effect.die(new Error("injected failure: disk full"))

/**
 * The core services over `storage`, with some repository writes replaced by failures
 * (the `fail` functions get the real repository and how many times they were called).
 */
const withFailingWrites = <A, E>(
  storage: Layer.Layer<any, any, never>,
  body: (healthy: Context.Context<any>) => Effect.Effect<A, E, any>
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const healthy = yield* Layer.build(storage)
      const calls = yield* Ref.make(0)
      const members = Context.get(healthy, MemberRepository)
      const teams = Context.get(healthy, TeamRepository)
      const broken = healthy.pipe(
        Context.add(MemberRepository, { ...members, insert: () => diskFull() }),
        // The second team-membership write of a command fails.
        Context.add(TeamRepository, {
          ...teams,
          upsertMember: (member) =>
            Effect.flatMap(Ref.getAndUpdate(calls, (n) => n + 1), (n) => (n === 1 ? diskFull() : teams.upsertMember(member)))
        })
      )
      const core = yield* Layer.build(QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(Layer.provide(Layer.succeedContext(broken))))
      const healthyCore = yield* Layer.build(QuireCore.layer({ publicUrl: "http://quire.test" }).pipe(Layer.provide(Layer.succeedContext(healthy))))
      return yield* Effect.provide(body(Context.merge(healthy, healthyCore)), core)
    })
  )

describe("a command is one transaction", () => {
  for (const [name, storage] of adapters) {
    it.effect(`${name}: creating an organization whose admin membership fails to write stores no organization`, () =>
      withFailingWrites(storage, (healthy) =>
        Effect.gen(function* () {
          const ada = yield* Effect.provide(Effect.flatMap(Users, (u) => u.create({ email: "ada@rollback.test", displayName: "Ada" })), healthy)
          const exit = yield* Effect.exit(
            Effect.flatMap(Organizations, (o) => o.create({ title: "Half made", emailDomains: ["rollback.test"] })).pipe(
              Effect.provideService(Actor, ada)
            )
          )
          expect(Exit.isFailure(exit)).toBe(true)
          const found = yield* Effect.provide(Effect.flatMap(OrganizationRepository, (r) => r.findByEmailDomain("rollback.test")), healthy)
          expect(found).toEqual([])
        })
      )
    )

    it.effect(`${name}: a bulk team update whose second write fails leaves the team as it was`, () =>
      withFailingWrites(storage, (healthy) =>
        Effect.gen(function* () {
          const run = <A, E>(self: Effect.Effect<A, E, any>) => Effect.provide(self, healthy)
          const users = yield* run(
            Effect.forEach(["a", "b", "c"], (n) => Effect.flatMap(Users, (u) => u.create({ email: `${n}@bulk.test`, displayName: n })))
          )
          const [admin, b, c] = users as [any, any, any]
          const org = (yield* run(Effect.flatMap(Organizations, (o) => o.create({ title: "Bulk" })).pipe(Effect.provideService(Actor, admin))))
            .id as OrganizationId
          for (const user of [b, c]) {
            yield* run(
              Effect.flatMap(MemberRepository, (m) =>
                m.insert({ organizationId: org, userId: user.id, role: "read", disabled: false, sso: false, joinedAt: "2026-01-01T00:00:00.000Z", lastSeenAt: null })
              )
            )
          }
          const team = yield* run(Effect.flatMap(Teams, (t) => t.create(org, { title: "T" })).pipe(Effect.provideService(Actor, admin)))
          const exit = yield* Effect.exit(
            Effect.flatMap(Teams, (t) => t.updateMembers(org, team.id as any, { add: [b.id, c.id] })).pipe(Effect.provideService(Actor, admin))
          )
          expect(Exit.isFailure(exit)).toBe(true)
          const listed = yield* run(Effect.flatMap(Teams, (t) => t.listMembers(org, team.id as any, {})).pipe(Effect.provideService(Actor, admin)))
          expect(listed.count).toBe(0)
          expect(UserId.make(b.id)).toBe(b.id)
        })
      )
    )
  }
})
