import { describe, expect, it } from "@effect/vitest"
import {
  collectionPermissions,
  Collections,
  contentLevel,
  type DefaultLevel,
  type MemberRecord,
  type MemberRoleOrGuest,
  type OrganizationId,
  type ResolvedLevel,
  spacePermissions,
  Spaces,
  type UserId
} from "@quire/core"
import { Effect, Either, FastCheck as fc } from "effect"
import { as, contentLayer, newMember, newOrganization, newUser } from "../support/content.js"

const ROLES: ReadonlyArray<MemberRoleOrGuest> = ["admin", "create", "review", "edit", "comment", "read", null]
const LEVELS: ReadonlyArray<DefaultLevel> = ["inherit", null, "read", "comment", "edit", "review", "create", "admin"]

const scenario = fc.record({
  role: fc.constantFrom(...ROLES),
  /** Levels of the top collection, the collection inside it and the space inside that. */
  levels: fc.tuple(fc.constantFrom(...LEVELS), fc.constantFrom(...LEVELS), fc.constantFrom(...LEVELS)),
  /** The order the admin sets them in: setting a parent last must still flow down. */
  order: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
  editMode: fc.constantFrom("live" as const, "locked" as const)
})

/** Independent of the core: follow `inherit` up the chain. */
const resolve = (own: DefaultLevel, parent: ResolvedLevel | undefined): ResolvedLevel =>
  own === "inherit" ? (parent ?? "inherit") : own === null ? "none" : own

const outcome = <A, E extends { _tag: string; field?: string }>(result: Either.Either<A, E>) =>
  Either.isRight(result) ? "ok" : result.left._tag === "InvalidInput" ? `InvalidInput:${result.left.field}` : result.left._tag

describe("content permissions", () => {
  it.effect.prop(
    "a member sees exactly what contentLevel allows, and each permissions object is what the services allow",
    [scenario],
    ([{ role, levels, order, editMode }]) =>
      Effect.gen(function* () {
        const collections = yield* Collections
        const spaces = yield* Spaces
        const admin = yield* newUser("Admin")
        const org = yield* newOrganization(admin)
        const user = yield* newMember(org, role, "Member")
        const top = yield* as(admin)(collections.create(org, { title: "Top" }))
        const mid = yield* as(admin)(collections.create(org, { title: "Mid", parent: top.id }))
        const space = yield* as(admin)(spaces.create(org, { title: "Space", parent: mid.id, editMode }))
        for (const i of order) {
          const defaultLevel = levels[i]!
          if (i === 0) yield* as(admin)(collections.update(top.id, { defaultLevel }))
          if (i === 1) yield* as(admin)(collections.update(mid.id, { defaultLevel }))
          if (i === 2) yield* as(admin)(spaces.update(space.id, { defaultLevel }))
        }

        const member: MemberRecord = {
          organizationId: org as OrganizationId,
          userId: user.id as UserId,
          role,
          disabled: false,
          sso: false,
          joinedAt: "",
          lastSeenAt: null
        }
        const topResolved = resolve(levels[0]!, undefined)
        const midResolved = resolve(levels[1]!, topResolved)
        const spaceResolved = resolve(levels[2]!, midResolved)
        const expectTop = collectionPermissions(contentLevel(member, topResolved))
        const expectMid = collectionPermissions(contentLevel(member, midResolved))
        const spaceLevel = contentLevel(member, spaceResolved)
        const expectSpace = spacePermissions(spaceLevel, editMode)
        const me = as(user)

        // What the member sees.
        const gotTop = yield* Effect.either(me(collections.get(top.id)))
        const gotMid = yield* Effect.either(me(collections.get(mid.id)))
        const gotSpace = yield* Effect.either(me(spaces.get(space.id)))
        expect(Either.isRight(gotTop) ? gotTop.right.permissions : outcome(gotTop)).toEqual(
          expectTop.view ? expectTop : "NotFound"
        )
        expect(Either.isRight(gotMid) ? gotMid.right.permissions : outcome(gotMid)).toEqual(
          expectMid.view ? expectMid : "NotFound"
        )
        expect(Either.isRight(gotSpace) ? gotSpace.right.permissions : outcome(gotSpace)).toEqual(
          expectSpace.view ? expectSpace : "NotFound"
        )
        const listed = yield* me(collections.list(org, {}))
        expect(listed.items.map((c) => c.title).sort()).toEqual(
          [...(expectTop.view ? ["Top"] : []), ...(expectMid.view ? ["Mid"] : [])].sort()
        )
        expect(listed.count).toBe(listed.items.length)
        expect((yield* me(spaces.list(org, {}))).items.map((s) => s.id)).toEqual(expectSpace.view ? [space.id] : [])
        const mine = yield* me(spaces.listForMember(org, user.id, {}))
        expect(mine.items.map((i) => [i.permission, i.space.id])).toEqual(expectSpace.view ? [[spaceLevel, space.id]] : [])
        const inMid = yield* Effect.either(me(collections.listSpaces(mid.id, {})))
        expect(Either.isRight(inMid) ? inMid.right.items.map((s) => s.id) : outcome(inMid)).toEqual(
          expectMid.view ? (expectSpace.view ? [space.id] : []) : "NotFound"
        )

        // What the member may do: exactly what the permissions it was shown say.
        const midPermissions = Either.isRight(gotMid) ? gotMid.right.permissions : undefined
        const spacePermissionsShown = Either.isRight(gotSpace) ? gotSpace.right.permissions : undefined
        const allowed = (shown: { view: boolean } | undefined, flag: boolean, hidden = "NotFound") =>
          shown === undefined ? hidden : flag ? "ok" : "Forbidden"

        expect(outcome(yield* Effect.either(me(collections.update(mid.id, { title: "Renamed" }))))).toBe(
          allowed(midPermissions, midPermissions?.admin ?? false)
        )
        expect(outcome(yield* Effect.either(me(collections.create(org, { parent: mid.id }))))).toBe(
          allowed(midPermissions, midPermissions?.create ?? false, "InvalidInput:parent")
        )
        expect(outcome(yield* Effect.either(me(spaces.update(space.id, { title: "Renamed" }))))).toBe(
          allowed(spacePermissionsShown, spacePermissionsShown?.admin ?? false)
        )
        // Duplicating needs to view the space and to create where the copy goes.
        expect(outcome(yield* Effect.either(me(spaces.duplicate(space.id))))).toBe(
          allowed(spacePermissionsShown, midPermissions?.create ?? false)
        )
        const removed = outcome(yield* Effect.either(me(spaces.remove(space.id))))
        expect(removed).toBe(allowed(spacePermissionsShown, spacePermissionsShown?.admin ?? false))
        if (removed === "ok") expect(outcome(yield* Effect.either(me(spaces.restore(space.id))))).toBe("ok")
        expect(outcome(yield* Effect.either(me(collections.remove(mid.id))))).toBe(
          allowed(midPermissions, midPermissions?.admin ?? false)
        )
      }).pipe(Effect.provide(contentLayer)),
    { fastCheck: { numRuns: 50 } }
  )

  it.effect("every role against every level of a space: the permissions are those of contentLevel", () =>
    Effect.gen(function* () {
      const spaces = yield* Spaces
      const admin = yield* newUser("Admin")
      const org = yield* newOrganization(admin)
      for (const role of ROLES) {
        const user = yield* newMember(org, role, "Member")
        for (const level of LEVELS) {
          const space = yield* as(admin)(spaces.create(org, {}))
          yield* as(admin)(spaces.update(space.id, { defaultLevel: level }))
          const member = { role, disabled: false } as MemberRecord
          const expected = spacePermissions(contentLevel(member, resolve(level, undefined)), "live")
          const got = yield* Effect.either(as(user)(spaces.get(space.id)))
          expect([role, level, Either.isRight(got) ? got.right.permissions : outcome(got)]).toEqual([
            role,
            level,
            expected.view ? expected : "NotFound"
          ])
        }
      }
    }).pipe(Effect.provide(contentLayer))
  )
})
