/**
 * Type-level: the facade's inputs and results are the core's types. `pnpm typecheck` checks
 * this file; each `@ts-expect-error` fails it if the line compiles.
 */
import type { Organization, OrganizationId, Space, SpaceId, Spaces, UserId, UserRecord } from "@quire/core"
import type { Promised, Quire } from "@quire/embed"
import { describe, expect, it } from "vitest"

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const assert = <T extends true>(): T | undefined => undefined

// The facade's methods are the service's, with Promise results: derived, not written.
assert<Equals<Parameters<Quire["as"]>[0], UserRecord | UserId>>()
assert<Equals<ReturnType<ReturnType<Quire["as"]>["spaces"]["get"]>, Promise<Space>>>()
assert<Equals<Parameters<Promised<Spaces>["create"]>, Parameters<Spaces["create"]>>>()
assert<Equals<Awaited<ReturnType<ReturnType<Quire["as"]>["organizations"]["create"]>>, Organization>>()

/** Never run: only compiled. */
export const compileOnly = async (quire: Quire, user: UserRecord, orgId: OrganizationId, spaceId: SpaceId) => {
  const as = quire.as(user)
  // @ts-expect-error an unknown field of the input
  await as.organizations.create({ title: "Acme", colour: "red" })
  // @ts-expect-error a missing required field
  await quire.users.create({ email: "a@example.com" })
  // @ts-expect-error a SpaceId where an OrganizationId belongs
  await as.spaces.create(spaceId, { title: "Handbook" })
  // @ts-expect-error a plain string where a SpaceId belongs
  await as.spaces.get("some-id")
  // @ts-expect-error an OrganizationId where a UserId (or a user) belongs
  quire.as(orgId)
  // @ts-expect-error a field of the wrong type
  await as.spaces.update(spaceId, { title: 42 })
  const space = await as.spaces.get(spaceId)
  // @ts-expect-error results are the core's types: a Space has no `name`
  void space.name
  // @ts-expect-error a method the service does not have
  await as.spaces.frobnicate(spaceId)
  // @ts-expect-error what needs a caller is not on `quire.users`
  await quire.users.me()
  // @ts-expect-error the calls return Promises, not Effects
  as.spaces.get(spaceId).pipe
}

describe("@quire/embed types", () => {
  it("are checked by tsc (pnpm typecheck); this file only compiles them", () => {
    expect(typeof compileOnly).toBe("function")
  })
})
