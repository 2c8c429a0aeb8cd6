import { describe, expect, it } from "@effect/vitest"
import { type InviteId, Invites, MemberRepository, Members, type OrganizationId, Organizations, type UserId } from "@quire/core"
import { Effect } from "effect"
import { as, failure, newUser, newWorld, peopleLayer, peopleState } from "../support/people.js"

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), peopleLayer) as Effect.Effect<A, E>)

const roleOf = (org: OrganizationId, user: { id: string }) =>
  Effect.flatMap(Members, (members) => as(user as never)(members.get(org, user.id as UserId)))

describe("Invites", () => {
  test("admins create, list, get, update and delete invite links", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const created = yield* as(w.admin)(invites.create(w.org, { role: "edit" }))
      expect(created).toMatchObject({ object: "invite", role: "edit", redundant: true })
      const guestLink = yield* as(w.admin)(invites.create(w.org, { role: null }))
      expect(guestLink.role).toBeNull()
      const listed = yield* as(w.admin)(invites.list(w.org, {}))
      expect(listed.count).toBe(2 + 4) // the world enrolled its 4 members through links too
      expect(listed.items.map((i) => i.id)).toContain(created.id)
      const id = created.id as InviteId
      expect((yield* as(w.admin)(invites.get(w.org, id))).role).toBe("edit")
      expect((yield* as(w.admin)(invites.update(w.org, id, { role: "read" }))).role).toBe("read")
      expect((yield* as(w.admin)(invites.get(w.org, id))).role).toBe("read")
      yield* as(w.admin)(invites.remove(w.org, id))
      expect((yield* failure(as(w.admin)(invites.get(w.org, id))))._tag).toBe("NotFound")
      // Deleting it again changes nothing.
      yield* as(w.admin)(invites.remove(w.org, id))
      expect((yield* failure(as(w.admin)(invites.update(w.org, id, { role: "read" }))))._tag).toBe("NotFound")
    }))

  test("managing links needs admin; outsiders do not see the organization", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const link = yield* as(w.admin)(invites.create(w.org, { role: "read" }))
      const id = link.id as InviteId
      for (const user of [w.creator, w.reader, w.guest]) {
        expect((yield* failure(as(user)(invites.list(w.org, {}))))._tag).toBe("Forbidden")
        expect((yield* failure(as(user)(invites.create(w.org, { role: "read" }))))._tag).toBe("Forbidden")
        expect((yield* failure(as(user)(invites.update(w.org, id, { role: "admin" }))))._tag).toBe("Forbidden")
        expect((yield* failure(as(user)(invites.remove(w.org, id))))._tag).toBe("Forbidden")
      }
      expect((yield* failure(as(w.outsider)(invites.list(w.org, {}))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(invites.create(w.org, { role: "read" }))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(invites.remove(w.org, id))))._tag).toBe("NotFound")
      expect((yield* as(w.admin)(invites.get(w.org, id))).role).toBe("read")
    }))

  test("bad roles and space/collection invites are InvalidInput naming role, and write nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const link = yield* as(w.admin)(invites.create(w.org, { role: "read" }))
      const before = yield* peopleState(w.org)
      const bad = [{}, { role: "owner" }, { role: 1 }, { level: "read", space: "s1" }, { level: "read", collection: "c1" }]
      for (const input of bad) {
        expect(yield* failure(as(w.admin)(invites.create(w.org, input as never)))).toMatchObject({
          _tag: "InvalidInput",
          field: "role"
        })
        expect(yield* failure(as(w.admin)(invites.update(w.org, link.id as InviteId, input as never)))).toMatchObject({
          _tag: "InvalidInput",
          field: "role"
        })
      }
      expect(yield* peopleState(w.org)).toEqual(before)
    }))

  test("redundant tells whether the caller already has the link's role", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const edit = (yield* as(w.admin)(invites.create(w.org, { role: "edit" }))).id as InviteId
      const guest = (yield* as(w.admin)(invites.create(w.org, { role: null }))).id as InviteId
      expect((yield* as(w.admin)(invites.get(w.org, edit))).redundant).toBe(true)
      expect((yield* as(w.creator)(invites.get(w.org, edit))).redundant).toBe(true)
      expect((yield* as(w.reader)(invites.get(w.org, edit))).redundant).toBe(false)
      expect((yield* as(w.outsider)(invites.get(w.org, edit))).redundant).toBe(false)
      expect((yield* as(w.guest)(invites.get(w.org, guest))).redundant).toBe(true)
      expect((yield* as(w.outsider)(invites.get(w.org, guest))).redundant).toBe(false)
    }))

  test("joining makes a non-member a member with the link's role", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const link = yield* as(w.admin)(invites.create(w.org, { role: "comment" }))
      expect(yield* as(w.outsider)(invites.join(w.org, link.id as InviteId))).toEqual({})
      const member = yield* roleOf(w.org, w.outsider)
      expect(member.role).toBe("comment")
      expect(member.disabled).toBe(false)
      // The organization is now visible to the newcomer.
      const orgs = yield* Organizations
      expect((yield* as(w.outsider)(orgs.get(w.org))).id).toBe(w.org)

      const guestLink = yield* as(w.admin)(invites.create(w.org, { role: null }))
      const newcomer = yield* newUser("Newcomer")
      yield* as(newcomer)(invites.join(w.org, guestLink.id as InviteId))
      expect((yield* roleOf(w.org, newcomer)).role).toBeNull()
    }))

  test("joining as a member keeps the higher role: promotes, never demotes", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const editLink = (yield* as(w.admin)(invites.create(w.org, { role: "edit" }))).id as InviteId
      yield* as(w.reader)(invites.join(w.org, editLink))
      expect((yield* roleOf(w.org, w.reader)).role).toBe("edit")
      yield* as(w.guest)(invites.join(w.org, editLink))
      expect((yield* roleOf(w.org, w.guest)).role).toBe("edit")
      yield* as(w.creator)(invites.join(w.org, editLink))
      expect((yield* roleOf(w.org, w.creator)).role).toBe("create")
      yield* as(w.admin)(invites.join(w.org, editLink))
      expect((yield* roleOf(w.org, w.admin)).role).toBe("admin")
      const guestLink = (yield* as(w.admin)(invites.create(w.org, { role: null }))).id as InviteId
      yield* as(w.editor)(invites.join(w.org, guestLink))
      expect((yield* roleOf(w.org, w.editor)).role).toBe("edit")
    }))

  test("joining with invite links disabled is Forbidden and writes nothing; unknown invites are NotFound", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const orgs = yield* Organizations
      const link = (yield* as(w.admin)(invites.create(w.org, { role: "read" }))).id as InviteId
      expect((yield* failure(as(w.outsider)(invites.join(w.org, "unknown" as InviteId))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.outsider)(invites.join("unknown" as OrganizationId, link))))._tag).toBe("NotFound")
      yield* as(w.admin)(orgs.update(w.org, { inviteLinks: false }))
      const before = yield* peopleState(w.org)
      const error = yield* failure(as(w.outsider)(invites.join(w.org, link)))
      expect(error._tag).toBe("Forbidden")
      expect(error.message).toMatch(/invite links are disabled/i)
      expect((yield* failure(as(w.reader)(invites.join(w.org, link))))._tag).toBe("Forbidden")
      expect((yield* failure(as(w.outsider)(invites.get(w.org, link))))._tag).toBe("Forbidden")
      expect(yield* peopleState(w.org)).toEqual(before)
      // Admins still manage the links.
      expect((yield* as(w.admin)(invites.get(w.org, link))).role).toBe("read")
      yield* as(w.admin)(orgs.update(w.org, { inviteLinks: true }))
      yield* as(w.outsider)(invites.join(w.org, link))
      expect((yield* roleOf(w.org, w.outsider)).role).toBe("read")
    }))

  test("a disabled member cannot rejoin through a link", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const invites = yield* Invites
      const repo = yield* MemberRepository
      const link = (yield* as(w.admin)(invites.create(w.org, { role: "admin" }))).id as InviteId
      const reader = yield* Effect.flatten(repo.find(w.org, w.reader.id))
      yield* repo.update({ ...reader, disabled: true })
      const before = yield* peopleState(w.org)
      expect((yield* failure(as(w.reader)(invites.join(w.org, link))))._tag).toBe("Forbidden")
      expect(yield* peopleState(w.org)).toEqual(before)
    }))
})
