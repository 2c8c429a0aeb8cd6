import {
  MemberRepository,
  type MemberRow,
  OrganizationRepository,
  type TeamMemberRecord,
  type TeamMemberRole,
  type TeamQuery,
  TeamRepository,
  type TeamRow,
  teamSortKey,
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

const NUM_RUNS = 25
const PEOPLE = 4

const titleUnit = fc.constantFrom("a", "A", "b", "B", " ", "_", "%")
const teamShape = fc.record({
  title: fc.string({ unit: titleUnit, minLength: 1, maxLength: 4 }),
  created: fc.integer({ min: 0, max: 3 }),
  /** Per person: not in the team, member or owner. */
  roles: fc.array(fc.constantFrom<TeamMemberRole | undefined>(undefined, "member", "owner"), { minLength: PEOPLE, maxLength: PEOPLE })
})

const querySpace = fc.record({
  title: fc.option(fc.string({ unit: titleUnit, minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }),
  owner: fc.option(fc.nat(PEOPLE - 1), { nil: undefined, freq: 2 })
})

export const teamsContract = (storage: StorageLayer) =>
  describe("TeamRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      /** An organization with `count` members (and a foreign organization sharing them). */
      const setup = (count: number) =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const organizations = yield* OrganizationRepository
          const members = yield* MemberRepository
          const organization = makeOrganization()
          const foreign = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(foreign)
          const people = []
          for (let i = 0; i < count; i++) {
            const user = makeUser({ displayName: `Person ${i}` })
            const member = makeMember(organization.id, user.id, { role: i === 0 ? "admin" : "edit", joinedAt: at(i) })
            yield* users.insert(user)
            yield* members.insert(member)
            yield* members.insert(makeMember(foreign.id, user.id))
            people.push({ user, member })
          }
          return { organization, foreign, people }
        })

      it.effect("a team comes back with its member count, updated, and deleted with its memberships", () =>
        Effect.gen(function* () {
          const teams = yield* TeamRepository
          const { organization, foreign, people } = yield* setup(3)
          const team = makeTeam(organization.id, { createdAt: at(4.5) })
          const kept = makeTeam(organization.id)
          yield* teams.insert(team)
          yield* teams.insert(kept)
          expect(yield* teams.find(organization.id, team.id)).toStrictEqual(Option.some({ team, members: 0 }))
          expect(yield* teams.find(foreign.id, team.id)).toStrictEqual(Option.none())

          const renamed = { ...team, title: "Editors" }
          yield* teams.update(renamed)
          yield* teams.upsertMember(makeTeamMember(team.id, people[0]!.user.id, "owner"))
          yield* teams.upsertMember(makeTeamMember(team.id, people[1]!.user.id))
          yield* teams.upsertMember(makeTeamMember(kept.id, people[1]!.user.id))
          expect(yield* teams.find(organization.id, team.id)).toStrictEqual(Option.some({ team: renamed, members: 2 }))

          yield* teams.delete(team.id)
          expect(yield* teams.find(organization.id, team.id)).toStrictEqual(Option.none())
          expect(yield* teams.findMember(team.id, people[0]!.user.id)).toStrictEqual(Option.none())
          expect(yield* teams.findMember(team.id, people[1]!.user.id)).toStrictEqual(Option.none())
          expect(yield* teams.ownsAny(organization.id, people[0]!.user.id)).toBe(false)
          expect(yield* teams.findMember(kept.id, people[1]!.user.id)).toStrictEqual(
            Option.some(makeTeamMember(kept.id, people[1]!.user.id))
          )
          // Member rows count only the teams that remain.
          expect(Option.map(yield* teams.find(organization.id, kept.id), (r) => r.members)).toStrictEqual(Option.some(1))
          const row = yield* (yield* MemberRepository).findRow(organization.id, people[1]!.user.id)
          expect(Option.map(row, (r) => r.teams)).toStrictEqual(Option.some(1))
        })
      )

      it.effect("upsertMember inserts then replaces the role; deleteMember removes one membership", () =>
        Effect.gen(function* () {
          const teams = yield* TeamRepository
          const { organization, people } = yield* setup(2)
          const team = makeTeam(organization.id)
          yield* teams.insert(team)
          const [ada, bob] = people.map((p) => p.user.id) as [any, any]
          yield* teams.upsertMember(makeTeamMember(team.id, ada))
          expect(yield* teams.findMember(team.id, ada)).toStrictEqual(Option.some(makeTeamMember(team.id, ada)))
          yield* teams.upsertMember(makeTeamMember(team.id, ada, "owner"))
          expect(yield* teams.findMember(team.id, ada)).toStrictEqual(Option.some(makeTeamMember(team.id, ada, "owner")))
          yield* teams.upsertMember(makeTeamMember(team.id, bob))
          expect(Option.map(yield* teams.find(organization.id, team.id), (r) => r.members)).toStrictEqual(Option.some(2))
          yield* teams.deleteMember(team.id, ada)
          expect(yield* teams.findMember(team.id, ada)).toStrictEqual(Option.none())
          expect(yield* teams.findMember(team.id, bob)).toStrictEqual(Option.some(makeTeamMember(team.id, bob)))
          expect(Option.map(yield* teams.find(organization.id, team.id), (r) => r.members)).toStrictEqual(Option.some(1))
        })
      )

      it.effect("ownsAny is true only for an owner of a team of that organization", () =>
        Effect.gen(function* () {
          const teams = yield* TeamRepository
          const { organization, foreign, people } = yield* setup(3)
          const [owner, member, outsider] = people.map((p) => p.user.id) as [any, any, any]
          const team = makeTeam(organization.id)
          const foreignTeam = makeTeam(foreign.id)
          yield* teams.insert(team)
          yield* teams.insert(foreignTeam)
          yield* teams.upsertMember(makeTeamMember(team.id, owner, "owner"))
          yield* teams.upsertMember(makeTeamMember(team.id, member))
          yield* teams.upsertMember(makeTeamMember(foreignTeam.id, outsider, "owner"))
          expect(yield* teams.ownsAny(organization.id, owner)).toBe(true)
          expect(yield* teams.ownsAny(organization.id, member)).toBe(false)
          expect(yield* teams.ownsAny(organization.id, outsider)).toBe(false)
          expect(yield* teams.ownsAny(foreign.id, outsider)).toBe(true)
          expect(yield* teams.ownsAny(foreign.id, owner)).toBe(false)
        })
      )

      it.effect("deleteMemberEverywhere removes the user from every team of that organization only", () =>
        Effect.gen(function* () {
          const teams = yield* TeamRepository
          const { organization, foreign, people } = yield* setup(2)
          const [leaver, stayer] = people.map((p) => p.user.id) as [any, any]
          const one = makeTeam(organization.id)
          const two = makeTeam(organization.id)
          const foreignTeam = makeTeam(foreign.id)
          yield* Effect.forEach([one, two, foreignTeam], teams.insert)
          yield* teams.upsertMember(makeTeamMember(one.id, leaver, "owner"))
          yield* teams.upsertMember(makeTeamMember(two.id, leaver))
          yield* teams.upsertMember(makeTeamMember(one.id, stayer))
          yield* teams.upsertMember(makeTeamMember(foreignTeam.id, leaver))
          yield* teams.deleteMemberEverywhere(organization.id, leaver)
          expect(yield* teams.findMember(one.id, leaver)).toStrictEqual(Option.none())
          expect(yield* teams.findMember(two.id, leaver)).toStrictEqual(Option.none())
          expect(yield* teams.findMember(one.id, stayer)).toStrictEqual(Option.some(makeTeamMember(one.id, stayer)))
          expect(yield* teams.findMember(foreignTeam.id, leaver)).toStrictEqual(
            Option.some(makeTeamMember(foreignTeam.id, leaver))
          )
          expect(yield* teams.ownsAny(organization.id, leaver)).toBe(false)
        })
      )

      it.effect.prop(
        "list, listForUser and listMembers filter, count and walk every row once",
        [fc.array(teamShape, { minLength: 2, maxLength: 10 }), querySpace, fc.nat(PEOPLE - 1), fc.integer({ min: 1, max: 4 })],
        ([shapes, queryShape, who, limit]) =>
          Effect.gen(function* () {
            const teams = yield* TeamRepository
            const { organization, foreign, people } = yield* setup(PEOPLE)
            const ids = people.map((p) => p.user.id)
            const query: TeamQuery = {
              title: queryShape.title,
              owner: queryShape.owner === undefined ? undefined : ids[queryShape.owner]
            }
            // A foreign team with the same people must never show.
            const foreignTeam = makeTeam(foreign.id, { title: "a" })
            yield* teams.insert(foreignTeam)
            for (const id of ids) yield* teams.upsertMember(makeTeamMember(foreignTeam.id, id, "owner"))

            const rows: Array<{ row: TeamRow; memberships: Array<TeamMemberRecord> }> = []
            for (const shape of shapes) {
              const team = makeTeam(organization.id, { title: shape.title, createdAt: at(shape.created) })
              yield* teams.insert(team)
              const memberships: Array<TeamMemberRecord> = []
              for (let i = 0; i < PEOPLE; i++) {
                const role = shape.roles[i]
                if (role === undefined) continue
                const record = makeTeamMember(team.id, ids[i]!, role)
                yield* teams.upsertMember(record)
                memberships.push(record)
              }
              rows.push({ row: { team, members: memberships.length }, memberships })
            }

            const matching = rows.filter(
              ({ row, memberships }) =>
                (query.title === undefined || row.team.title.toLowerCase().includes(query.title.toLowerCase())) &&
                (query.owner === undefined || memberships.some((m) => m.userId === query.owner && m.role === "owner"))
            )
            const expected = sortRows(
              matching.map((r) => r.row),
              teamSortKey
            )
            const listed = yield* walk((k) => teams.list(organization.id, query, k), limit, teamSortKey, expected.length)
            expect(listed).toStrictEqual(expected)

            const user = ids[who]!
            const forUser = sortRows(
              matching.flatMap(({ row, memberships }) => {
                const mine = memberships.find((m) => m.userId === user)
                return mine ? [{ row, role: mine.role as TeamMemberRole }] : []
              }),
              (e) => teamSortKey(e.row)
            )
            const listedForUser = yield* walk(
              (k) => teams.listForUser(organization.id, user, query, k),
              limit,
              (e) => teamSortKey(e.row),
              forUser.length
            )
            expect(listedForUser).toStrictEqual(forUser)

            const teamCounts = new Map(ids.map((id) => [id, rows.filter((r) => r.memberships.some((m) => m.userId === id)).length]))
            for (const { row, memberships } of rows.slice(0, 2)) {
              const expectedMembers = sortRows(
                memberships.map((record) => {
                  const person = people.find((p) => p.user.id === record.userId)!
                  const member: MemberRow = { member: person.member, user: person.user, teams: teamCounts.get(record.userId)! }
                  return { record, member }
                }),
                (e) => [e.record.userId]
              )
              const listedMembers = yield* walk(
                (k) => teams.listMembers(row.team.id, k),
                limit,
                (e) => [e.record.userId],
                expectedMembers.length
              )
              expect(listedMembers).toStrictEqual(expectedMembers)
            }
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("title search is case-insensitive and takes no wildcards", () =>
        Effect.gen(function* () {
          const teams = yield* TeamRepository
          const { organization } = yield* setup(0)
          for (const title of ["Docs_Team", "DocsXTeam", "100% Writers"]) {
            yield* teams.insert(makeTeam(organization.id, { title }))
          }
          const titles = (title: string) =>
            Effect.map(teams.list(organization.id, { title }, { after: undefined, limit: 10 }), (s) =>
              s.rows.map((r) => r.team.title).sort()
            )
          expect(yield* titles("docs_")).toStrictEqual(["Docs_Team"])
          expect(yield* titles("DOCS")).toStrictEqual(["DocsXTeam", "Docs_Team"])
          expect(yield* titles("%")).toStrictEqual(["100% Writers"])
          expect(yield* titles("0%w")).toStrictEqual([])
          expect(yield* titles(newId())).toStrictEqual([])
        })
      )
    })
  })
