import {
  MemberRepository,
  OrganizationRepository,
  SpaceRepository,
  Storage,
  TeamRepository,
  UserRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Cause, Data, Deferred, Effect, Exit, Fiber, Option } from "effect"
import { makeMember, makeOrganization, makeSpace, makeTeam, makeTeamMember, makeUser, type StorageLayer } from "./contract-fixtures.js"

class Refused extends Data.TaggedError("Refused")<{}> {}

/** Writes an organization with a user, membership, team and space; returns what to look for. */
const writeEverything = Effect.gen(function* () {
  const users = yield* UserRepository
  const organizations = yield* OrganizationRepository
  const members = yield* MemberRepository
  const teams = yield* TeamRepository
  const spaces = yield* SpaceRepository
  const user = makeUser()
  const organization = makeOrganization()
  const team = makeTeam(organization.id)
  const space = makeSpace(organization.id)
  yield* users.insert(user)
  yield* organizations.insert(organization)
  yield* members.insert(makeMember(organization.id, user.id, { role: "admin" }))
  yield* teams.insert(team)
  yield* teams.upsertMember(makeTeamMember(team.id, user.id, "owner"))
  yield* spaces.insert(space)
  return { user, organization, team, space }
})

type Written = Effect.Effect.Success<typeof writeEverything>

/** What the store holds of a `writeEverything`, one flag per write. */
const stored = (w: Written) =>
  Effect.gen(function* () {
    const users = yield* UserRepository
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const spaces = yield* SpaceRepository
    return [
      Option.isSome(yield* users.findById(w.user.id)),
      Option.isSome(yield* organizations.findById(w.organization.id)),
      Option.isSome(yield* members.find(w.organization.id, w.user.id)),
      Option.isSome(yield* teams.find(w.organization.id, w.team.id)),
      Option.isSome(yield* teams.findMember(w.team.id, w.user.id)),
      Option.isSome(yield* spaces.findById(w.space.id))
    ]
  })

/** A later transaction that commits must not bring back what a failed one wrote. */
const commitAnother = Effect.gen(function* () {
  const { transaction } = yield* Storage
  const users = yield* UserRepository
  yield* transaction(users.insert(makeUser()))
})

const NOTHING = [false, false, false, false, false, false]
const EVERYTHING = [true, true, true, true, true, true]

export const transactionsContract = (storage: StorageLayer) =>
  describe("Storage.transaction", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a successful transaction keeps every write", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const written = yield* transaction(writeEverything)
          expect(yield* stored(written)).toStrictEqual(EVERYTHING)
        })
      )

      it.effect("a transaction that fails with an error stores nothing", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          let written: Written | undefined
          const error = yield* Effect.flip(
            transaction(
              Effect.gen(function* () {
                written = yield* writeEverything
                // Reads inside see the transaction's own writes.
                expect(yield* stored(written)).toStrictEqual(EVERYTHING)
                return yield* new Refused()
              })
            )
          )
          expect(error).toBeInstanceOf(Refused)
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
          yield* commitAnother
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
        })
      )

      it.effect("a transaction that dies halfway stores nothing", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const users = yield* UserRepository
          let written: Written | undefined
          const late = makeUser()
          const exit = yield* Effect.exit(
            transaction(
              Effect.gen(function* () {
                written = yield* writeEverything
                yield* Effect.die(new Error("boom"))
                yield* users.insert(late)
              })
            )
          )
          expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
          expect(yield* users.findById(late.id)).toStrictEqual(Option.none())
          yield* commitAnother
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
        })
      )

      it.effect("an interrupted transaction stores nothing", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const started = yield* Deferred.make<Written>()
          const fiber = yield* Effect.fork(
            transaction(
              Effect.gen(function* () {
                yield* Deferred.succeed(started, yield* writeEverything)
                return yield* Effect.never
              })
            )
          )
          const written = yield* Deferred.await(started)
          yield* Fiber.interrupt(fiber)
          expect(yield* stored(written)).toStrictEqual(NOTHING)
          yield* commitAnother
          expect(yield* stored(written)).toStrictEqual(NOTHING)
        })
      )

      it.effect("a nested transaction joins the outer one: the outer failure undoes the inner writes", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const users = yield* UserRepository
          let written: Written | undefined
          const after = makeUser()
          const error = yield* Effect.flip(
            transaction(
              Effect.gen(function* () {
                written = yield* transaction(writeEverything)
                yield* transaction(users.insert(after))
                expect(Option.isSome(yield* users.findById(after.id))).toBe(true)
                return yield* new Refused()
              })
            )
          )
          expect(error).toBeInstanceOf(Refused)
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
          expect(yield* users.findById(after.id)).toStrictEqual(Option.none())
          yield* commitAnother
          expect(yield* stored(written!)).toStrictEqual(NOTHING)
        })
      )

      it.effect("nested transactions that succeed are kept when the outer one succeeds", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const [first, second] = yield* transaction(
            Effect.all([transaction(writeEverything), transaction(transaction(writeEverything))])
          )
          expect(yield* stored(first)).toStrictEqual(EVERYTHING)
          expect(yield* stored(second)).toStrictEqual(EVERYTHING)
        })
      )

      it.effect("a nested transaction that fails undoes only its own writes when the outer one recovers", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const users = yield* UserRepository
          const before = makeUser()
          let inner: Written | undefined
          const outcome = yield* transaction(
            Effect.gen(function* () {
              yield* users.insert(before)
              return yield* transaction(
                Effect.gen(function* () {
                  inner = yield* writeEverything
                  return yield* new Refused()
                })
              ).pipe(Effect.catchTag("Refused", () => Effect.succeed("recovered")))
            })
          )
          expect(outcome).toBe("recovered")
          expect(Option.isSome(yield* users.findById(before.id))).toBe(true)
          expect(yield* stored(inner!)).toStrictEqual(NOTHING)
        })
      )

      it.effect("work outside a running transaction neither sees its writes nor is lost when it fails", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const users = yield* UserRepository
          const started = yield* Deferred.make<Written>()
          const finish = yield* Deferred.make<void>()
          const failing = yield* Effect.fork(
            transaction(
              Effect.gen(function* () {
                yield* Deferred.succeed(started, yield* writeEverything)
                yield* Deferred.await(finish)
                return yield* new Refused()
              })
            )
          )
          const written = yield* Deferred.await(started)
          const outsider = makeUser()
          // Forked: a store may make outside work wait for the transaction to end.
          const read = yield* Effect.fork(users.findById(written.user.id))
          const write = yield* Effect.fork(users.insert(outsider))
          yield* Effect.yieldNow()
          yield* Deferred.succeed(finish, undefined)
          expect(yield* Effect.flip(Fiber.join(failing))).toBeInstanceOf(Refused)
          expect(yield* Fiber.join(read)).toStrictEqual(Option.none())
          yield* Fiber.join(write)
          expect(yield* users.findById(outsider.id)).toStrictEqual(Option.some(outsider))
          expect(yield* stored(written)).toStrictEqual(NOTHING)
        })
      )

      it.effect("writes outside a transaction are kept, and transactions one after another see them", () =>
        Effect.gen(function* () {
          const { transaction } = yield* Storage
          const users = yield* UserRepository
          const outside = makeUser()
          yield* users.insert(outside)
          const seen = yield* transaction(users.findById(outside.id))
          expect(seen).toStrictEqual(Option.some(outside))
          yield* Effect.flip(transaction(Effect.zipRight(users.insert(makeUser()), new Refused())))
          expect(yield* users.findById(outside.id)).toStrictEqual(Option.some(outside))
        })
      )
    })
  })
