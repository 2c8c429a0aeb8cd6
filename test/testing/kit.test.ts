import { describe, expect, it, layer } from "@effect/vitest"
import {
  Collections,
  CreateCollectionInput,
  CreateInviteInput,
  CreateOrganizationInput,
  CreateSpaceInput,
  CreateTeamInput,
  CreateUserInput,
  InvalidInput,
  Invites,
  Organizations,
  SamlProviders,
  Spaces,
  Teams,
  UpdateCollectionInput,
  UpdateOrganizationInput,
  UpdateSpaceInput,
  UpdateTeamInput
} from "@quire/core"
import { asUser, QuireArbitrary, QuireTest } from "@quire/testing"
import { makeIdp } from "../support/samlIdp.js"
import { Effect, Schema, TestClock } from "effect"
import * as fc from "fast-check"

/** A user who administers a new organization. */
const admin = (email: string) =>
  Effect.gen(function* () {
    const user = yield* QuireTest.user(email)
    const organization = yield* asUser(user)(Effect.flatMap(Organizations, (orgs) => orgs.create({ title: "Acme" })))
    return { user, organization }
  })

layer(QuireTest.layer())("the test kit", (it) => {
  it.effect("any valid CreateSpaceInput creates a space whose title is the input title or Untitled", () =>
    Effect.gen(function* () {
      const { user, organization } = yield* admin("ada@kit.test")
      const spaces = yield* Spaces
      yield* QuireTest.property(QuireArbitrary.CreateSpaceInput, (input) =>
        asUser(user)(spaces.create(organization.id, input)).pipe(
          Effect.map((space) => space.title === (input.title ?? "Untitled"))
        )
      )
    })
  )

  it.effect("a title over 50 characters is InvalidInput naming title", () =>
    Effect.gen(function* () {
      const { user, organization } = yield* admin("bob@kit.test")
      const spaces = yield* Spaces
      yield* QuireTest.property(fc.string({ minLength: 51, maxLength: 500 }), (title) =>
        Effect.flip(asUser(user)(spaces.create(organization.id, { title }))).pipe(
          Effect.map((error) => error instanceof InvalidInput && error.field === "title")
        )
      )
    })
  )

  it.effect("the other arbitraries of inputs are accepted by the services, as they are", () =>
    Effect.gen(function* () {
      const { user, organization } = yield* admin("cy@kit.test")
      const as = asUser(user)
      const [organizations, spaces, collections, teams, invites] = [
        yield* Organizations,
        yield* Spaces,
        yield* Collections,
        yield* Teams,
        yield* Invites
      ]
      const space = yield* as(spaces.create(organization.id, {}))
      const collection = yield* as(collections.create(organization.id, {}))
      const team = yield* as(teams.create(organization.id, { title: "Writers" }))
      // `sso: true` needs an active SAML provider first, whose certificate is valid now (not at the test clock's 1970).
      yield* TestClock.setTime(Date.now())
      const idp = yield* Effect.promise(() => makeIdp())
      yield* as(
        (yield* SamlProviders).create(organization.id, {
          label: "Kit IdP",
          entityID: idp.entityID,
          ssoURL: "https://idp.kit.test/sso",
          certificate: idp.certificate
        })
      )
      const runs = { numRuns: 30 }
      yield* QuireTest.property(QuireArbitrary.CreateOrganizationInput, (input) => as(organizations.create(input)), runs)
      yield* QuireTest.property(QuireArbitrary.UpdateOrganizationInput, (input) => as(organizations.update(organization.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.UpdateSpaceInput, (input) => as(spaces.update(space.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.CreateCollectionInput, (input) => as(collections.create(organization.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.UpdateCollectionInput, (input) => as(collections.update(collection.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.CreateTeamInput, (input) => as(teams.create(organization.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.UpdateTeamInput, (input) => as(teams.update(organization.id, team.id, input)), runs)
      yield* QuireTest.property(QuireArbitrary.CreateInviteInput, (input) => as(invites.create(organization.id, input)), runs)
    })
  )

  it.effect("a failing property fails with fast-check's counterexample", () =>
    Effect.gen(function* () {
      const { user, organization } = yield* admin("dee@kit.test")
      const spaces = yield* Spaces
      const failing = QuireTest.property(
        QuireArbitrary.CreateSpaceInput,
        (input) => asUser(user)(spaces.create(organization.id, input)).pipe(Effect.map((space) => space.emoji === "")),
        { seed: 42 }
      )
      const defect = yield* Effect.sandbox(failing).pipe(Effect.flip)
      expect(String(defect)).toMatch(/Property failed after \d+ tests[\s\S]*Counterexample: \[\{.*"emoji"/)
    })
  )
})

describe("QuireArbitrary", () => {
  const schemas = {
    CreateOrganizationInput,
    UpdateOrganizationInput,
    CreateSpaceInput,
    UpdateSpaceInput,
    CreateCollectionInput,
    UpdateCollectionInput,
    CreateTeamInput,
    UpdateTeamInput,
    CreateInviteInput,
    CreateUserInput
  } as const

  it("gives values the input schemas accept, quickly", () => {
    for (const [name, schema] of Object.entries(schemas)) {
      const arbitrary = QuireArbitrary[name as keyof typeof schemas] as fc.Arbitrary<unknown>
      const accepts = Schema.is(schema as Schema.Schema<unknown, unknown>)
      const started = performance.now()
      fc.assert(
        fc.property(arbitrary, (value) => accepts(value)),
        { numRuns: 500 }
      )
      expect(performance.now() - started, name).toBeLessThan(5_000)
    }
  })

  it("makes arbitraries of any schema with the embedder's fast-check", () => {
    const arbitrary = QuireArbitrary.make(Schema.Struct({ n: Schema.Int.pipe(Schema.between(1, 9)) }))
    const values = fc.sample(arbitrary, { numRuns: 50, seed: 1 })
    expect(values.every(({ n }) => Number.isInteger(n) && n >= 1 && n <= 9)).toBe(true)
    // Of fast-check 4: its combinators take it as their own.
    expect(fc.sample(fc.tuple(arbitrary, fc.nat()), 1)).toHaveLength(1)
  })
})
