import {
  Actor,
  Ids,
  InviteRepository,
  Invites,
  MemberRepository,
  type MemberRoleOrGuest,
  Members,
  type OrganizationId,
  type Page,
  type PageRequest,
  Organizations,
  TeamRepository,
  Teams,
  Urls,
  type UserRecord,
  Users
} from "@quire/core"
import { expect } from "@effect/vitest"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"
import { testAuthority } from "./authority.js"
import { walkPages } from "./pagination.js"

/** Members, invites and teams (with organizations and users) on a new, empty memory store. */
export const peopleLayer = Layer.mergeAll(
  Members.Default,
  Invites.Default,
  Teams.Default,
  Organizations.Default,
  Users.Default
).pipe(Layer.provideMerge(Layer.mergeAll(MemoryStorage.layer, testAuthority, Ids.deterministic, Urls.layer("http://quire.test"))))

/** Runs `self` on behalf of `user`. */
export const as =
  (user: UserRecord) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Actor>> =>
    Effect.provideService(self, Actor, user)

let userCounter = 0

/** A new user; `name` is its display name, the e-mail is made unique. */
export const newUser = (name = "User") =>
  Effect.flatMap(Users, (users) =>
    users.create({ email: `${name.toLowerCase().replace(/\W+/g, "-")}.${++userCounter}@example.com`, displayName: name })
  )

/** A new organization whose only member is `admin`. */
export const newOrganization = (admin: UserRecord, title = "Acme") =>
  Effect.map(
    as(admin)(Effect.flatMap(Organizations, (organizations) => organizations.create({ title }))),
    (organization) => organization.id as OrganizationId
  )

/** Makes `user` a member with `role`, the way a person does it: `admin` creates a link, `user` follows it. */
export const enroll = (organizationId: OrganizationId, admin: UserRecord, user: UserRecord, role: MemberRoleOrGuest) =>
  Effect.gen(function* () {
    const invites = yield* Invites
    const invite = yield* as(admin)(invites.create(organizationId, { role }))
    yield* as(user)(invites.join(organizationId, invite.id as never))
  })

/** A new user who is a member of the organization with `role`. */
export const newMember = (organizationId: OrganizationId, admin: UserRecord, role: MemberRoleOrGuest, name = "Member") =>
  Effect.gen(function* () {
    const user = yield* newUser(name)
    yield* enroll(organizationId, admin, user, role)
    return user
  })

/** An organization with an admin, one member of each lower role, a guest and an outsider. */
export const newWorld = Effect.gen(function* () {
  const admin = yield* newUser("Ada Admin")
  const org = yield* newOrganization(admin)
  const creator = yield* newMember(org, admin, "create", "Cy Creator")
  const editor = yield* newMember(org, admin, "edit", "Ed Editor")
  const reader = yield* newMember(org, admin, "read", "Rey Reader")
  const guest = yield* newMember(org, admin, null, "Gus Guest")
  const outsider = yield* newUser("Otto Outsider")
  return { org, admin, creator, editor, reader, guest, outsider }
})

const everything = { after: undefined, limit: 100_000 }

/** Everything stored about the people of an organization, read straight from the ports: to check nothing was written. */
export const peopleState = (organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const teams = yield* TeamRepository
    const invites = yield* InviteRepository
    const memberRows = yield* members.list(organizationId, { sort: "joinedAt", order: "asc" }, everything)
    const teamRows = yield* teams.list(organizationId, {}, everything)
    const teamMembers = yield* Effect.forEach(teamRows.rows, (row) =>
      Effect.map(teams.listMembers(row.team.id, everything), (slice) => ({
        team: row.team,
        members: slice.rows.map((m) => m.record)
      }))
    )
    const inviteRows = yield* invites.list(organizationId, everything)
    return {
      members: memberRows.rows.map((r) => r.member),
      teams: teamMembers,
      invites: inviteRows.rows
    }
  })

/** The error `self` fails with (the test fails if it succeeds). */
export const failure = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.flip(self)

/**
 * Walks a list with `limit` and checks the pagination contract: every expected id exactly
 * once, `count` the total on every page, full pages while `next` is given, none on the last.
 * Returns the items in the order seen.
 */
export const expectWalk = <A, E, R>(
  list: (request: PageRequest) => Effect.Effect<Page<A>, E, R>,
  limit: number,
  expectedIds: ReadonlyArray<string>,
  idOf: (item: A) => string = (item) => (item as { readonly id: string }).id
) =>
  Effect.gen(function* () {
    const pages = yield* walkPages(list, limit)
    const items = pages.flatMap((p) => p.items)
    const ids = items.map(idOf)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual([...expectedIds].sort())
    for (const [i, page] of pages.entries()) {
      expect(page.count).toBe(expectedIds.length)
      if (i < pages.length - 1) {
        expect(page.next).toBeDefined()
        expect(page.items).toHaveLength(limit)
      }
    }
    expect(pages[pages.length - 1]!.next).toBeUndefined()
    expect(pages).toHaveLength(Math.max(1, Math.ceil(expectedIds.length / limit)))
    return items
  })

/** Limits outside 1..1000 or not whole are InvalidInput naming `limit`. */
export const expectBadLimits = <A, E, R>(list: (request: PageRequest) => Effect.Effect<Page<A>, E, R>) =>
  Effect.gen(function* () {
    for (const limit of [0, 1001, 1.5, -1]) {
      const error = yield* Effect.flip(list({ limit }))
      expect(error).toMatchObject({ _tag: "InvalidInput", field: "limit" })
    }
    expect(yield* Effect.flip(list({ page: "not-a-page-token" }))).toMatchObject({ _tag: "InvalidInput", field: "page" })
  })
