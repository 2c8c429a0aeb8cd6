import {
  CollectionRepository,
  Collections,
  Ids,
  InvalidInput,
  MemberRepository,
  type MemberRoleOrGuest,
  type OrganizationId,
  Organizations,
  SpaceRepository,
  Spaces,
  Urls,
  type UserRecord,
  Users
} from "@quire/core"
import { MemoryStorage } from "@quire/storage-memory"
import { expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { testAuthority } from "./authority.js"
import { as, newOrganization, newUser } from "./people.js"

/** Collections and spaces (with organizations and users) on a new, empty memory store. */
export const contentLayer = Layer.mergeAll(Collections.Default, Spaces.Default, Organizations.Default, Users.Default).pipe(
  Layer.provideMerge(Layer.mergeAll(MemoryStorage.layer, testAuthority, Ids.random, Urls.layer("http://quire.test")))
)

export { as, newOrganization, newUser }

/** Makes `user` a member with `role`, written straight into storage. */
export const addMember = (organizationId: OrganizationId, user: UserRecord, role: MemberRoleOrGuest) =>
  Effect.flatMap(MemberRepository, (members) =>
    members.insert({
      organizationId,
      userId: user.id,
      role,
      disabled: false,
      sso: false,
      joinedAt: new Date(0).toISOString(),
      lastSeenAt: null
    })
  )

export const newMember = (organizationId: OrganizationId, role: MemberRoleOrGuest, name = "Member") =>
  Effect.gen(function* () {
    const user = yield* newUser(name)
    yield* addMember(organizationId, user, role)
    return user
  })

/** An organization with an admin, a member of each lower role, a guest and an outsider. */
export const newWorld = Effect.gen(function* () {
  const admin = yield* newUser("Ada Admin")
  const org = yield* newOrganization(admin)
  return {
    org,
    admin,
    creator: yield* newMember(org, "create", "Cy Creator"),
    reviewer: yield* newMember(org, "review", "Rev Reviewer"),
    editor: yield* newMember(org, "edit", "Ed Editor"),
    commenter: yield* newMember(org, "comment", "Co Commenter"),
    reader: yield* newMember(org, "read", "Rey Reader"),
    guest: yield* newMember(org, null, "Gus Guest"),
    outsider: yield* newUser("Otto Outsider")
  }
})

const everything = { after: undefined, limit: 100_000 }

/** Every collection and space of an organization (deleted spaces too), read straight from the ports. */
export const contentState = (organizationId: OrganizationId) =>
  Effect.gen(function* () {
    const collections = yield* CollectionRepository
    const spaces = yield* SpaceRepository
    const collectionRows = yield* collections.list(organizationId, { nested: true, visibleOnly: false }, everything)
    const spaceRows = yield* spaces.list(organizationId, { visibleOnly: false, order: "asc" }, everything)
    const deleted = yield* spaces.listExpired("9999-12-31T23:59:59.999Z", 100_000)
    const deletedRows = yield* Effect.forEach(deleted, (id) => spaces.findById(id))
    return {
      collections: [...collectionRows.rows],
      spaces: [...spaceRows.rows],
      deleted: deletedRows.filter((r) => r._tag === "Some" && r.value.organizationId === organizationId)
    }
  })

/** The error `self` fails with (the test fails if it succeeds). */
export const failure = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.flip(self)

/** Asserts that `self` fails with `InvalidInput` naming `field`. */
export const expectInvalid = <A, E, R>(self: Effect.Effect<A, E, R>, field: string) =>
  Effect.map(failure(self), (e) => {
    expect(e).toBeInstanceOf(InvalidInput)
    expect((e as InvalidInput).field).toBe(field)
  })

/** Asserts that `self` fails with an error tagged `tag`. */
export const expectTag = <A, E, R>(self: Effect.Effect<A, E, R>, tag: string) =>
  Effect.map(failure(self), (e) => expect((e as { _tag: string })._tag).toBe(tag))
