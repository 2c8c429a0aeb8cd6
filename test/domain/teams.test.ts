import { describe, expect, it } from "@effect/vitest"
import { type OrganizationId, type TeamId, Teams, type UserId, type UserRecord } from "@quire/core"
import { Effect } from "effect"
import { as, failure, newWorld, peopleLayer, peopleState } from "../support/people.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), peopleLayer) as Effect.Effect<A, E>)

const uid = (user: UserRecord) => user.id as UserId

/** The team's members as `userId -> role`. */
const membersOf = (org: OrganizationId, team: TeamId, caller: UserRecord) =>
  Effect.map(
    Effect.flatMap(Teams, (teams) => as(caller)(teams.listMembers(org, team, { limit: 1000 }))),
    (page) => Object.fromEntries(page.items.map((i) => [i.organization.id, i.team.role]))
  )

const newTeam = (org: OrganizationId, admin: UserRecord, title: string, members: ReadonlyArray<UserRecord> = []) =>
  Effect.map(
    Effect.flatMap(Teams, (teams) => as(admin)(teams.create(org, { title, members: members.map((m) => m.id) }))),
    (team) => team.id as TeamId
  )

describe("Teams", () => {
  test("an admin creates a team with members; it has the OrganizationTeam shape", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* as(w.admin)(teams.create(w.org, { title: "Docs", members: [w.reader.id, w.guest.id, w.reader.id] }))
      expect(team).toMatchObject({
        object: "team",
        title: "Docs",
        members: 2,
        spaces: 0,
        permissions: { admin: true, view: true }
      })
      expect(typeof team.createdAt).toBe("string")
      expect(yield* membersOf(w.org, team.id as TeamId, w.admin)).toEqual({ [w.reader.id]: "member", [w.guest.id]: "member" })
      expect(yield* as(w.admin)(teams.get(w.org, team.id as TeamId))).toEqual(team)
      expect((yield* failure(as(w.creator)(teams.create(w.org, { title: "Mine" }))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.outsider)(teams.create(w.org, { title: "Mine" }))))._tag).toBe("NotFound")
    }))

  test("titles outside 1..64 and non-member ids are InvalidInput naming the field, and write nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const existing = yield* newTeam(w.org, w.admin, "Existing", [w.editor])
      const before = yield* peopleState(w.org)
      const createCases: Array<[unknown, string]> = [
        [{ title: "" }, "title"],
        [{ title: "x".repeat(65) }, "title"],
        [{}, "title"],
        [{ title: 5 }, "title"],
        [{ title: "Team", members: ["nobody"] }, "members[0]"],
        [{ title: "Team", members: [w.reader.id, w.outsider.id] }, "members[1]"],
        [{ title: "Team", members: [w.reader.email] }, "members[0]"],
        [{ title: "Team", members: "all" }, "members"]
      ]
      for (const [input, field] of createCases) {
        expect(yield* failure(as(w.admin)(teams.create(w.org, input as never)))).toMatchObject({ _tag: "InvalidInput", field })
      }
      for (const [input, field] of [
        [{ title: "" }, "title"],
        [{ title: "y".repeat(65) }, "title"],
        [{}, "title"]
      ] as const) {
        expect(yield* failure(as(w.admin)(teams.update(w.org, existing, input as never)))).toMatchObject({
          _tag: "InvalidInput",
          field
        })
      }
      expect(yield* peopleState(w.org)).toEqual(before)
      expect((yield* as(w.admin)(teams.create(w.org, { title: "z".repeat(64) }))).title).toHaveLength(64)
      expect((yield* as(w.admin)(teams.create(w.org, { title: "z" }))).title).toBe("z")
    }))

  test("non-guests see teams; guests are Forbidden; outsiders and unknown teams NotFound", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs")
      expect((yield* as(w.reader)(teams.get(w.org, team))).permissions).toEqual({ admin: false, view: true })
      expect((yield* as(w.reader)(teams.list(w.org, {}))).count).toBe(1)
      expect((yield* failure(as(w.guest)(teams.get(w.org, team))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.guest)(teams.list(w.org, {}))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.guest)(teams.listMembers(w.org, team, {}))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.outsider)(teams.get(w.org, team))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(teams.list(w.org, {}))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.reader)(teams.get(w.org, "nope" as TeamId))))._tag).toBe("NotFound")
    }))

  test("permissions.admin is exactly who may rename a team and manage its members", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const owned = yield* newTeam(w.org, w.admin, "Owned", [w.editor])
      yield* as(w.admin)(teams.putMember(w.org, owned, uid(w.reader), { role: "owner" }))
      yield* newTeam(w.org, w.admin, "Other", [w.reader])
      let checked = 0
      for (const user of [w.admin, w.creator, w.editor, w.reader]) {
        const page = yield* as(user)(teams.list(w.org, { limit: 1000 }))
        for (const team of page.items) {
          const id = team.id as TeamId
          const rename = yield* Effect.either(as(user)(teams.update(w.org, id, { title: `${team.title}!` })))
          const add = yield* Effect.either(as(user)(teams.updateMembers(w.org, id, { add: [w.creator.id] })))
          const put = yield* Effect.either(as(user)(teams.putMember(w.org, id, uid(w.guest), {})))
          const drop = yield* Effect.either(as(user)(teams.removeMember(w.org, id, uid(w.guest))))
          for (const outcome of [rename, add, put, drop]) {
            expect(outcome._tag === "Right", `${user.displayName} on ${team.title}`).toBe(team.permissions.admin)
            if (outcome._tag === "Left") expect(outcome.left._tag).toBe("Forbidden")
          }
          const view = yield* Effect.either(as(user)(teams.listMembers(w.org, id, {})))
          expect(view._tag === "Right").toBe(team.permissions.view)
          checked++
        }
      }
      expect(checked).toBe(8)
      // The owner administers its team and only it; org admins administer all.
      const readerView = yield* as(w.reader)(teams.list(w.org, { limit: 1000 }))
      expect(readerView.items.map((t) => [t.title.replace(/!+$/, ""), t.permissions.admin])).toEqual([
        ["Owned", true],
        ["Other", false]
      ])
    }))

  test("deleting a team needs an organization admin, even for its owner; deleting twice is harmless", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs", [w.reader])
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.reader), { role: "owner" }))
      expect((yield* failure(as(w.reader)(teams.remove(w.org, team))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.outsider)(teams.remove(w.org, team))))._tag).toBe("NotFound")
      yield* as(w.admin)(teams.remove(w.org, team))
      expect((yield* failure(as(w.admin)(teams.get(w.org, team))))._tag).toBe("NotFound")
      expect((yield* as(w.admin)(teams.listForMember(w.org, uid(w.reader), {}))).count).toBe(0)
      yield* as(w.admin)(teams.remove(w.org, team))
    }))

  test("listMembers items carry the organization member, the team role and permissions", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs", [w.reader])
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.editor), { role: "owner" }))
      const page = yield* as(w.creator)(teams.listMembers(w.org, team, {}))
      expect(page.count).toBe(2)
      const editor = page.items.find((i) => i.organization.id === w.editor.id)!
      expect(editor).toMatchObject({
        organization: { object: "member", id: w.editor.id, role: "edit", teams: 1, user: { displayName: "Ed Editor" } },
        team: { role: "owner" },
        permissions: { view: true }
      })
    }))

  test("bulk update: add (member), memberships (roles), remove; add+remove ends removed; e-mails work", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs", [w.reader])
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.reader), { role: "owner" }))
      yield* as(w.admin)(
        teams.updateMembers(w.org, team, {
          add: [w.reader.id, w.editor.email.toUpperCase(), w.creator.id, w.guest.id],
          memberships: { [w.creator.id]: { role: "owner" } },
          remove: [w.guest.email]
        })
      )
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({
        [w.reader.id]: "owner", // already there: keeps its role
        [w.editor.id]: "member",
        [w.creator.id]: "owner"
      })
      yield* as(w.admin)(
        teams.updateMembers(w.org, team, { memberships: { [w.reader.email]: { role: "member" }, [w.guest.id]: { role: "owner" } } })
      )
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({
        [w.reader.id]: "member",
        [w.editor.id]: "member",
        [w.creator.id]: "owner",
        [w.guest.id]: "owner"
      })
      yield* as(w.admin)(teams.updateMembers(w.org, team, {}))
      expect((yield* as(w.admin)(teams.get(w.org, team))).members).toBe(4)
    }))

  test("bulk update with one bad entry is InvalidInput naming it and writes nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs", [w.reader])
      const before = yield* peopleState(w.org)
      const cases: Array<[unknown, string]> = [
        [{ add: [w.editor.id, w.outsider.id] }, "add[1]"],
        [{ add: [w.editor.id, "ghost@example.com"] }, "add[1]"],
        [{ add: [w.editor.id], remove: [w.outsider.email] }, "remove[0]"],
        [{ add: [w.editor.id], memberships: { [w.outsider.id]: { role: "owner" } } }, `memberships.${w.outsider.id}`],
        [{ memberships: { [w.editor.id]: { role: "boss" } } }, `memberships.${w.editor.id}.role`],
        [{ memberships: { [w.editor.id]: {} } }, `memberships.${w.editor.id}.role`],
        [{ add: [w.editor.id, 7] }, "add[1]"],
        [{ remove: "all" }, "remove"]
      ]
      for (const [input, field] of cases) {
        expect(yield* failure(as(w.admin)(teams.updateMembers(w.org, team, input as never)))).toMatchObject({
          _tag: "InvalidInput",
          field
        })
      }
      expect(yield* peopleState(w.org)).toEqual(before)
    }))

  test("putMember adds or sets the role (member by default); removeMember is idempotent", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const team = yield* newTeam(w.org, w.admin, "Docs")
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.reader), {}))
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({ [w.reader.id]: "member" })
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.reader), { role: "owner" }))
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({ [w.reader.id]: "owner" })
      yield* as(w.admin)(teams.putMember(w.org, team, uid(w.reader), {}))
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({ [w.reader.id]: "member" })
      const before = yield* peopleState(w.org)
      expect(yield* failure(as(w.admin)(teams.putMember(w.org, team, uid(w.reader), { role: "boss" } as never)))).toMatchObject({
        _tag: "InvalidInput",
        field: "role"
      })
      expect((yield* failure(as(w.admin)(teams.putMember(w.org, team, uid(w.outsider), {}))))._tag).toBe("NotFound")
      expect(yield* peopleState(w.org)).toEqual(before)
      yield* as(w.admin)(teams.removeMember(w.org, team, uid(w.reader)))
      expect(yield* membersOf(w.org, team, w.admin)).toEqual({})
      yield* as(w.admin)(teams.removeMember(w.org, team, uid(w.reader)))
      expect((yield* failure(as(w.admin)(teams.putMember(w.org, "nope" as TeamId, uid(w.reader), {}))))._tag).toBe(
        "NotFound"
      )
    }))

  test("list filters by title (case-insensitive) and by owner (teams that member can manage)", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const docs = yield* newTeam(w.org, w.admin, "Docs Writers")
      yield* newTeam(w.org, w.admin, "API reviewers")
      const ops = yield* newTeam(w.org, w.admin, "Ops")
      yield* as(w.admin)(teams.putMember(w.org, docs, uid(w.editor), { role: "owner" }))
      yield* as(w.admin)(teams.putMember(w.org, ops, uid(w.editor), { role: "member" }))
      const titles = (query: object) =>
        Effect.map(as(w.reader)(teams.list(w.org, query)), (p) => p.items.map((t) => t.title))
      expect(yield* titles({ title: "WRITERS" })).toEqual(["Docs Writers"])
      expect(yield* titles({ title: "e" })).toEqual(["Docs Writers", "API reviewers"])
      expect(yield* titles({ owner: w.editor.id })).toEqual(["Docs Writers"])
      expect(yield* titles({ owner: w.admin.id })).toEqual(["Docs Writers", "API reviewers", "Ops"])
      expect(yield* titles({ owner: w.outsider.id })).toEqual([])
      expect(yield* titles({ owner: w.reader.id, title: "docs" })).toEqual([])
    }))

  test("listForMember lists a member's teams with its role in each; permissions are the caller's", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const teams = yield* Teams
      const docs = yield* newTeam(w.org, w.admin, "Docs")
      const api = yield* newTeam(w.org, w.admin, "API")
      yield* newTeam(w.org, w.admin, "Ops")
      yield* as(w.admin)(teams.putMember(w.org, docs, uid(w.editor), { role: "owner" }))
      yield* as(w.admin)(teams.putMember(w.org, api, uid(w.editor), {}))
      const page = yield* as(w.reader)(teams.listForMember(w.org, uid(w.editor), {}))
      expect(page.items.map((i) => [i.team.title, i.member.role, i.team.permissions.admin])).toEqual([
        ["Docs", "owner", false],
        ["API", "member", false]
      ])
      const own = yield* as(w.editor)(teams.listForMember(w.org, uid(w.editor), { title: "doc" }))
      expect(own.items.map((i) => [i.team.title, i.team.permissions.admin])).toEqual([["Docs", true]])
      expect((yield* failure(as(w.guest)(teams.listForMember(w.org, uid(w.guest), {}))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.reader)(teams.listForMember(w.org, uid(w.outsider), {}))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(teams.listForMember(w.org, uid(w.editor), {}))))._tag).toBe("NotFound")
    }))
})
