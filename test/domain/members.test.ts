import { describe, expect, it } from "@effect/vitest"
import {
  MemberRepository,
  Members,
  type OrganizationId,
  type RevisionId,
  type SpaceId,
  SpaceRepository,
  type SpaceRecord,
  Teams,
  type UserId,
  type UserRecord
} from "@quire/core"
import { Effect } from "effect"
import { as, failure, newMember, newOrganization, newUser, newWorld, peopleLayer, peopleState } from "../support/people.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), peopleLayer) as Effect.Effect<A, E>)

const id = (user: UserRecord) => user.id as UserId

const listAll = (org: OrganizationId, user: UserRecord, query: Parameters<Members["list"]>[1] = {}) =>
  Effect.flatMap(Members, (members) => as(user)(members.list(org, { limit: 1000, ...query })))

describe("Members", () => {
  test("list shows every member with the wire shape of OrganizationMember", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const page = yield* listAll(w.org, w.reader)
      expect(page.count).toBe(5)
      expect(page.next).toBeUndefined()
      const byId = new Map(page.items.map((m) => [m.id, m]))
      expect(byId.get(w.admin.id)?.role).toBe("admin")
      expect(byId.get(w.guest.id)?.role).toBeNull()
      const reader = byId.get(w.reader.id)!
      expect(reader).toMatchObject({
        object: "member",
        id: w.reader.id,
        role: "read",
        disabled: false,
        sso: false,
        teams: 0,
        sites: 0,
        user: { object: "user", id: w.reader.id, displayName: "Rey Reader", email: w.reader.email }
      })
      expect(reader.user.urls.location).toBe(`http://quire.test/v1/users/${w.reader.id}`)
      expect(typeof reader.joinedAt).toBe("string")
      expect(byId.has(w.outsider.id)).toBe(false)
    }))

  test("a guest may not list members; an outsider does not see the organization", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      expect((yield* failure(listAll(w.org, w.guest)))._tag).toBe("Forbidden")
      expect((yield* failure(listAll(w.org, w.outsider)))._tag).toBe("NotFound")
      expect((yield* failure(listAll("nope" as OrganizationId, w.admin)))._tag).toBe("NotFound")
    }))

  test("list filters by role, guest, search, and sorts by name both ways", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const ids = (p: { items: ReadonlyArray<{ id: string }> }) => p.items.map((m) => m.id)
      expect(ids(yield* listAll(w.org, w.admin, { role: "edit" }))).toEqual([w.editor.id])
      expect(ids(yield* listAll(w.org, w.admin, { role: "guest" }))).toEqual([w.guest.id])
      expect(ids(yield* listAll(w.org, w.admin, { search: "REY" }))).toEqual([w.reader.id])
      expect(ids(yield* listAll(w.org, w.admin, { search: w.editor.email.toUpperCase() }))).toEqual([w.editor.id])
      const byName = [w.admin, w.creator, w.editor, w.guest, w.reader].map((u) => u.id)
      expect(ids(yield* listAll(w.org, w.admin, { sort: "name", order: "asc" }))).toEqual(byName)
      expect(ids(yield* listAll(w.org, w.admin, { sort: "name", order: "desc" }))).toEqual([...byName].reverse())
    }))

  test("sort by lastSeenAt lists only members that have been seen", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const repo = yield* MemberRepository
      const member = yield* Effect.flatten(repo.find(w.org, id(w.editor)))
      yield* repo.update({ ...member, lastSeenAt: "2024-01-01T00:00:00.000Z" })
      const page = yield* listAll(w.org, w.admin, { sort: "lastSeenAt" })
      expect(page.items.map((m) => m.id)).toEqual([w.editor.id])
      expect(page.items[0]!.lastSeenAt).toBe("2024-01-01T00:00:00.000Z")
    }))

  test("list queries outside the enumerations are InvalidInput naming the parameter", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const field = (query: object) => Effect.map(failure(listAll(w.org, w.admin, query as never)), (e) => [e._tag, (e as any).field])
      expect(yield* field({ role: "owner" })).toEqual(["InvalidInput", "role"])
      expect(yield* field({ sort: "title" })).toEqual(["InvalidInput", "sort"])
      expect(yield* field({ order: "up" })).toEqual(["InvalidInput", "order"])
      expect(yield* field({ limit: 0 })).toEqual(["InvalidInput", "limit"])
    }))

  test("get: a member sees itself, non-guests see others, unknown users are NotFound", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const members = yield* Members
      expect((yield* as(w.guest)(members.get(w.org, id(w.guest)))).role).toBeNull()
      expect((yield* failure(as(w.guest)(members.get(w.org, id(w.reader)))))._tag).toBe("Forbidden")
      expect((yield* as(w.reader)(members.get(w.org, id(w.admin)))).role).toBe("admin")
      expect((yield* failure(as(w.reader)(members.get(w.org, id(w.outsider)))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(members.get(w.org, id(w.admin)))))._tag).toBe("NotFound")
    }))

  test("spaces counts what each member can reach: all for admins, visible for others, none for guests", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const spaces = yield* SpaceRepository
      const space = (n: number, over: Partial<SpaceRecord>): SpaceRecord => ({
        id: `space${n}` as SpaceId,
        organizationId: w.org,
        parentId: null,
        title: `Space ${n}`,
        emoji: "",
        visibility: "private",
        editMode: "live",
        defaultLevel: "inherit",
        resolvedLevel: "inherit",
        revisionId: `rev${n}` as RevisionId,
        position: `a${n}`,
        createdAt: "2024-01-01T00:00:00.000Z",
        updatedAt: "2024-01-01T00:00:00.000Z",
        deletedAt: null,
        ...over
      })
      yield* spaces.insert(space(1, {}))
      yield* spaces.insert(space(2, { defaultLevel: null, resolvedLevel: "none" }))
      yield* spaces.insert(space(3, { deletedAt: "2024-01-02T00:00:00.000Z" }))
      const byId = new Map((yield* listAll(w.org, w.admin)).items.map((m) => [m.id, m.spaces]))
      expect(byId.get(w.admin.id)).toBe(2)
      expect(byId.get(w.reader.id)).toBe(1)
      expect(byId.get(w.guest.id)).toBe(0)
      const repo = yield* MemberRepository
      const editor = yield* Effect.flatten(repo.find(w.org, id(w.editor)))
      yield* repo.update({ ...editor, disabled: true })
      const disabled = yield* as(w.admin)(Effect.flatMap(Members, (m) => m.get(w.org, id(w.editor))))
      expect([disabled.disabled, disabled.spaces]).toEqual([true, 0])
    }))

  test("update changes the role; only admins may; bad roles are InvalidInput and write nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const members = yield* Members
      const updated = yield* as(w.admin)(members.update(w.org, id(w.reader), { role: "edit" }))
      expect(updated.role).toBe("edit")
      expect((yield* as(w.admin)(members.get(w.org, id(w.reader)))).role).toBe("edit")
      expect((yield* as(w.admin)(members.update(w.org, id(w.reader), { role: null }))).role).toBeNull()
      expect((yield* failure(as(w.creator)(members.update(w.org, id(w.editor), { role: "read" }))))._tag).toBe(
        "Forbidden"
      )
      expect((yield* failure(as(w.outsider)(members.update(w.org, id(w.editor), { role: "read" }))))._tag).toBe(
        "NotFound"
      )
      expect((yield* failure(as(w.admin)(members.update(w.org, id(w.outsider), { role: "read" }))))._tag).toBe(
        "NotFound"
      )
      const before = yield* peopleState(w.org)
      for (const input of [{ role: "owner" }, {}, { role: 3 }]) {
        const error = yield* failure(as(w.admin)(members.update(w.org, id(w.editor), input as never)))
        expect(error).toMatchObject({ _tag: "InvalidInput", field: "role" })
      }
      expect(yield* peopleState(w.org)).toEqual(before)
    }))

  test("the last admin can be neither demoted nor removed; with two admins one can go", () =>
    Effect.gen(function* () {
      const admin = yield* newUser("Only Admin")
      const org = yield* newOrganization(admin)
      const members = yield* Members
      const before = yield* peopleState(org)
      expect((yield* failure(as(admin)(members.update(org, id(admin), { role: "create" }))))._tag).toBe("Conflict")
      expect((yield* failure(as(admin)(members.remove(org, id(admin)))))._tag).toBe("Conflict")
      expect(yield* peopleState(org)).toEqual(before)

      const second = yield* newMember(org, admin, "admin", "Second Admin")
      expect((yield* as(second)(members.update(org, id(admin), { role: "read" }))).role).toBe("read")
      expect((yield* failure(as(second)(members.update(org, id(second), { role: "read" }))))._tag).toBe("Conflict")
      expect((yield* failure(as(second)(members.remove(org, id(second)))))._tag).toBe("Conflict")
      // An admin may stay admin: setting the same role is no demotion.
      expect((yield* as(second)(members.update(org, id(second), { role: "admin" }))).role).toBe("admin")
    }))

  test("remove: admins remove others, anyone leaves, others are Forbidden; removal empties the member's teams", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const members = yield* Members
      const teams = yield* Teams
      const team = yield* as(w.admin)(teams.create(w.org, { title: "Docs", members: [w.reader.id, w.editor.id] }))
      expect((yield* as(w.admin)(members.get(w.org, id(w.reader)))).teams).toBe(1)

      expect((yield* failure(as(w.editor)(members.remove(w.org, id(w.reader)))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.outsider)(members.remove(w.org, id(w.reader)))))._tag).toBe("NotFound")

      yield* as(w.admin)(members.remove(w.org, id(w.reader)))
      expect((yield* failure(as(w.admin)(members.get(w.org, id(w.reader)))))._tag).toBe("NotFound")
      expect((yield* failure(listAll(w.org, w.reader)))._tag).toBe("NotFound")
      const left = yield* as(w.admin)(teams.listMembers(w.org, team.id as never, {}))
      expect(left.items.map((i) => i.organization.id)).toEqual([w.editor.id])
      expect((yield* as(w.admin)(teams.get(w.org, team.id as never))).members).toBe(1)

      yield* as(w.guest)(members.remove(w.org, id(w.guest)))
      expect((yield* listAll(w.org, w.admin)).items.map((m) => m.id)).not.toContain(w.guest.id)

      // Removing someone who is not a member changes nothing.
      const before = yield* peopleState(w.org)
      yield* as(w.admin)(members.remove(w.org, id(w.outsider)))
      expect(yield* peopleState(w.org)).toEqual(before)
    }))

  test("setSso marks the member as SSO; only admins may", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const members = yield* Members
      expect((yield* failure(as(w.creator)(members.setSso(w.org, id(w.reader)))))._tag).toBe("Forbidden")
      expect((yield* as(w.admin)(members.get(w.org, id(w.reader)))).sso).toBe(false)
      expect((yield* as(w.admin)(members.setSso(w.org, id(w.reader)))).sso).toBe(true)
      expect((yield* as(w.admin)(members.get(w.org, id(w.reader)))).sso).toBe(true)
      expect((yield* failure(as(w.admin)(members.setSso(w.org, id(w.outsider)))))._tag).toBe("NotFound")
    }))
})
