import { describe, expect, it } from "@effect/vitest"
import { type TeamId, type TeamMemberRole, Teams, type UserId, type UserRecord } from "@quire/core"
import { Effect, FastCheck as fc } from "effect"
import { walkAll } from "../support/pagination.js"
import { as, newMember, newWorld, peopleLayer } from "../support/people.js"

/** A user named by its position in the world's user list, by id or by e-mail. */
interface Ref {
  readonly user: number
  readonly byEmail: boolean
}

type Op =
  | {
      readonly kind: "bulk"
      readonly add: ReadonlyArray<Ref> | undefined
      readonly remove: ReadonlyArray<Ref> | undefined
      readonly memberships: ReadonlyArray<readonly [Ref, TeamMemberRole]> | undefined
    }
  | { readonly kind: "put"; readonly user: number; readonly role: TeamMemberRole | undefined }
  | { readonly kind: "delete"; readonly user: number }

const MEMBERS = 6 // users 0..5 are members of the organization
const OUTSIDER = MEMBERS // user 6 is not

const memberIndex = fc.nat({ max: MEMBERS - 1 })
const anyIndex = fc.oneof({ weight: 15, arbitrary: memberIndex }, { weight: 1, arbitrary: fc.constant(OUTSIDER) })
const ref: fc.Arbitrary<Ref> = fc.record({ user: anyIndex, byEmail: fc.boolean() })
const role = fc.constantFrom<TeamMemberRole>("owner", "member")

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("bulk" as const),
      add: fc.option(fc.array(ref, { maxLength: 4 }), { nil: undefined }),
      remove: fc.option(fc.array(ref, { maxLength: 3 }), { nil: undefined }),
      memberships: fc.option(fc.array(fc.tuple(ref, role), { maxLength: 3 }), { nil: undefined })
    })
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("put" as const), user: memberIndex, role: fc.option(role, { nil: undefined }) })
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), user: memberIndex }) }
)

/** The plain model: what the team's members should be after `op`, or "invalid" if the service must refuse it. */
const step = (
  model: ReadonlyMap<UserId, TeamMemberRole>,
  op: Op,
  users: ReadonlyArray<UserRecord>,
  memberships: Record<string, { role: TeamMemberRole }>
): Map<UserId, TeamMemberRole> | "invalid" => {
  const next = new Map(model)
  switch (op.kind) {
    case "put":
      next.set(users[op.user]!.id, op.role ?? "member")
      return next
    case "delete":
      next.delete(users[op.user]!.id)
      return next
    case "bulk": {
      const refs = [...(op.add ?? []), ...(op.remove ?? []), ...(op.memberships ?? []).map(([r]) => r)]
      if (refs.some((r) => r.user === OUTSIDER)) return "invalid"
      const byEntry = new Map(users.flatMap((u) => [[u.id as string, u.id], [u.email, u.id]] as const))
      for (const r of op.add ?? []) if (!next.has(users[r.user]!.id)) next.set(users[r.user]!.id, "member")
      for (const [entry, { role }] of Object.entries(memberships)) next.set(byEntry.get(entry)!, role)
      for (const r of op.remove ?? []) next.delete(users[r.user]!.id)
      return next
    }
  }
}

describe("Team membership against a model", () => {
  it.effect.prop(
    "after every bulk update, put and delete, listMembers equals the model",
    [fc.array(op, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 })],
    ([ops, limit]) =>
      Effect.gen(function* () {
        const teams = yield* Teams
        const w = yield* newWorld
        const extra = yield* newMember(w.org, w.admin, "review", "Rita Reviewer")
        const users = [w.admin, w.creator, w.editor, w.reader, w.guest, extra, w.outsider]
        const team = (yield* as(w.admin)(teams.create(w.org, { title: "Model" }))).id as TeamId
        const entry = (r: Ref) => (r.byEmail ? users[r.user]!.email : users[r.user]!.id)
        let model = new Map<UserId, TeamMemberRole>()
        for (const o of ops) {
          const memberships =
            o.kind === "bulk" && o.memberships !== undefined
              ? Object.fromEntries(o.memberships.map(([r, role]) => [entry(r), { role }]))
              : {}
          const run =
            o.kind === "put"
              ? teams.putMember(w.org, team, users[o.user]!.id, o.role === undefined ? {} : { role: o.role })
              : o.kind === "delete"
                ? teams.removeMember(w.org, team, users[o.user]!.id)
                : teams.updateMembers(w.org, team, {
                    add: o.add?.map(entry),
                    remove: o.remove?.map(entry),
                    memberships: o.memberships === undefined ? undefined : memberships
                  })
          const result = yield* Effect.either(as(w.admin)(run))
          const expected = step(model, o, users, memberships)
          if (expected === "invalid") {
            expect(result._tag).toBe("Left")
            if (result._tag === "Left") expect(result.left._tag).toBe("InvalidInput")
          } else {
            expect(result._tag).toBe("Right")
            model = expected
          }
          const listed = yield* walkAll((page) => as(w.admin)(teams.listMembers(w.org, team, page)), limit)
          expect(new Map(listed.map((i) => [i.organization.id, i.team.role]))).toEqual(model)
          expect(listed).toHaveLength(model.size)
          expect((yield* as(w.admin)(teams.get(w.org, team))).members).toBe(model.size)
        }
      }).pipe(Effect.provide(peopleLayer)),
    { fastCheck: { numRuns: 40 } }
  )
})
