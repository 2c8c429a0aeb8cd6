import {
  type MemberQuery,
  type MemberRecord,
  MemberRepository,
  type MemberRow,
  memberSortKey,
  OrganizationRepository,
  TeamRepository,
  UserRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import {
  at,
  makeMember,
  makeOrganization,
  makeTeam,
  makeTeamMember,
  makeUser,
  newId,
  sortRows,
  type StorageLayer,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 30

/** Letters of both cases plus the characters SQL LIKE treats specially. */
const nameUnit = fc.constantFrom("a", "A", "b", "B", " ", "_", "%")
const memberShape = fc.record({
  name: fc.string({ unit: nameUnit, minLength: 1, maxLength: 4 }),
  mail: fc.string({ unit: nameUnit.filter((c) => c !== " "), minLength: 1, maxLength: 3 }),
  role: fc.constantFrom<MemberRecord["role"]>(null, "admin", "read", "edit"),
  disabled: fc.boolean(),
  joined: fc.integer({ min: 0, max: 3 }),
  seen: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 3 }),
  inTeamA: fc.boolean(),
  inTeamB: fc.boolean(),
  inForeignTeam: fc.boolean()
})

const queryShape = fc.record({
  role: fc.constantFrom(undefined, "guest", "admin", "read"),
  search: fc.option(fc.string({ unit: nameUnit, minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }),
  sort: fc.constantFrom("joinedAt", "lastSeenAt", "name"),
  order: fc.constantFrom("asc", "desc")
}) as fc.Arbitrary<MemberQuery>

const matches = (query: MemberQuery) => (row: MemberRow) => {
  const fold = (s: string) => s.toLowerCase()
  if (query.role !== undefined && row.member.role !== (query.role === "guest" ? null : query.role)) return false
  if (
    query.search !== undefined &&
    !fold(row.user.displayName).includes(fold(query.search)) &&
    !fold(row.user.email).includes(fold(query.search))
  ) {
    return false
  }
  return query.sort !== "lastSeenAt" || row.member.lastSeenAt !== null
}

export const membersContract = (storage: StorageLayer) =>
  describe("MemberRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a membership comes back as inserted and updated, and is gone once deleted", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const organizations = yield* OrganizationRepository
          const members = yield* MemberRepository
          const organization = makeOrganization()
          const user = makeUser()
          yield* organizations.insert(organization)
          yield* users.insert(user)
          const guest = makeMember(organization.id, user.id, { role: null, joinedAt: at(5) })
          yield* members.insert(guest)
          expect(yield* members.find(organization.id, user.id)).toStrictEqual(Option.some(guest))

          const updated = { ...guest, role: "admin" as const, disabled: true, sso: true, lastSeenAt: at(7.25) }
          yield* members.update(updated)
          expect(yield* members.find(organization.id, user.id)).toStrictEqual(Option.some(updated))
          expect(yield* members.findRow(organization.id, user.id)).toStrictEqual(
            Option.some({ member: updated, user, teams: 0 })
          )

          const other = makeOrganization()
          yield* organizations.insert(other)
          expect(yield* members.find(other.id, user.id)).toStrictEqual(Option.none())
          expect(yield* members.findRow(other.id, user.id)).toStrictEqual(Option.none())

          yield* members.delete(organization.id, user.id)
          expect(yield* members.find(organization.id, user.id)).toStrictEqual(Option.none())
          expect(yield* members.findRow(organization.id, user.id)).toStrictEqual(Option.none())
        })
      )

      it.effect("counts the admins of one organization", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const organizations = yield* OrganizationRepository
          const members = yield* MemberRepository
          const organization = makeOrganization()
          const other = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(other)
          const roles = ["admin", "admin", "edit", null, "read"] as const
          for (const role of roles) {
            const user = makeUser()
            yield* users.insert(user)
            yield* members.insert(makeMember(organization.id, user.id, { role }))
            yield* members.insert(makeMember(other.id, user.id, { role: "admin" }))
          }
          expect(yield* members.countAdmins(organization.id)).toBe(2)
          expect(yield* members.countAdmins(other.id)).toBe(5)
          expect(yield* members.countAdmins(newId())).toBe(0)
        })
      )

      it.effect.prop(
        "list filters, sorts, counts teams and walks every matching member once",
        [fc.array(memberShape, { minLength: 2, maxLength: 14 }), queryShape, fc.integer({ min: 1, max: 5 })],
        ([shapes, query, limit]) =>
          Effect.gen(function* () {
            const users = yield* UserRepository
            const organizations = yield* OrganizationRepository
            const members = yield* MemberRepository
            const teams = yield* TeamRepository
            const organization = makeOrganization()
            const foreign = makeOrganization()
            yield* organizations.insert(organization)
            yield* organizations.insert(foreign)
            const teamA = makeTeam(organization.id)
            const teamB = makeTeam(organization.id)
            const foreignTeam = makeTeam(foreign.id)
            yield* Effect.forEach([teamA, teamB, foreignTeam], teams.insert)

            const rows: Array<MemberRow> = []
            for (const shape of shapes) {
              const id = newId<any>()
              const user = makeUser({ id, displayName: shape.name, email: `${shape.mail}.${id}@Example.com` })
              const member = makeMember(organization.id, user.id, {
                role: shape.role,
                disabled: shape.disabled,
                joinedAt: at(shape.joined),
                lastSeenAt: shape.seen === null ? null : at(shape.seen)
              })
              yield* users.insert(user)
              yield* members.insert(member)
              yield* members.insert(makeMember(foreign.id, user.id))
              if (shape.inTeamA) yield* teams.upsertMember(makeTeamMember(teamA.id, user.id))
              if (shape.inTeamB) yield* teams.upsertMember(makeTeamMember(teamB.id, user.id, "owner"))
              if (shape.inForeignTeam) yield* teams.upsertMember(makeTeamMember(foreignTeam.id, user.id))
              rows.push({ member, user, teams: Number(shape.inTeamA) + Number(shape.inTeamB) })
            }

            const sortKey = memberSortKey(query.sort)
            const expected = sortRows(rows.filter(matches(query)), sortKey, query.order)
            const listed = yield* walk((k) => members.list(organization.id, query, k), limit, sortKey, expected.length)
            expect(listed).toStrictEqual(expected)
            for (const row of rows.slice(0, 3)) {
              expect(yield* members.findRow(organization.id, row.user.id)).toStrictEqual(Option.some(row))
            }
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("search is a case-insensitive substring of the name or e-mail, with no wildcards", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const organizations = yield* OrganizationRepository
          const members = yield* MemberRepository
          const organization = makeOrganization()
          yield* organizations.insert(organization)
          const people = [
            makeUser({ displayName: "Ada Lovelace", email: `ada.${newId()}@analytical.org` }),
            makeUser({ displayName: "Grace Hopper", email: `grace_h.${newId()}@navy.mil` }),
            makeUser({ displayName: "100% Alan", email: `alan.${newId()}@bletchley.uk` })
          ]
          for (const user of people) {
            yield* users.insert(user)
            yield* members.insert(makeMember(organization.id, user.id))
          }
          const names = (search: string) =>
            Effect.map(
              members.list(organization.id, { search, sort: "name", order: "asc" }, { after: undefined, limit: 10 }),
              (slice) => slice.rows.map((r) => r.user.displayName)
            )
          expect(yield* names("LOVE")).toStrictEqual(["Ada Lovelace"])
          expect(yield* names("NAVY.MIL")).toStrictEqual(["Grace Hopper"])
          expect(yield* names("a")).toStrictEqual(["100% Alan", "Ada Lovelace", "Grace Hopper"])
          expect(yield* names("_h")).toStrictEqual(["Grace Hopper"])
          expect(yield* names("_")).toStrictEqual(["Grace Hopper"])
          expect(yield* names("%")).toStrictEqual(["100% Alan"])
          expect(yield* names("0% a")).toStrictEqual(["100% Alan"])
          expect(yield* names("a%")).toStrictEqual([])
          expect(yield* names("zz#")).toStrictEqual([])
        })
      )
    })
  })
