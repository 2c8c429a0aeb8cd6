import {
  CreateCollectionInput,
  CreateInviteInput,
  CreateOrganizationInput,
  CreateSpaceInput,
  CreateTeamInput,
  CreateUserInput,
  UpdateCollectionInput,
  UpdateOrganizationInput,
  UpdateSpaceInput,
  UpdateTeamInput
} from "@quire/core"
import { Arbitrary, type Schema } from "effect"
import * as fc from "fast-check"

/**
 * `Arbitrary.make(schema)` from `effect`, built with this package's fast-check (4) rather than
 * the fast-check 3 that `effect` bundles: values of the schema's type, ready for `fc.assert`
 * and the other arbitraries of fast-check 4. As with `Arbitrary.make`, a filter without an
 * `arbitrary` annotation is met by generating and discarding; the core's input schemas have
 * annotations where that would rarely succeed.
 */
const make = <A, I, R>(schema: Schema.Schema<A, I, R>): fc.Arbitrary<A> =>
  (Arbitrary.makeLazy(schema) as unknown as (fastCheck: typeof fc) => fc.Arbitrary<A>)(fc)

/**
 * Arbitraries for the core's input schemas: every value is one the schema accepts. Ids that
 * must name existing records are left out, since random ones name nothing (the parent
 * collection of `CreateSpaceInput` and `CreateCollectionInput`, the members of
 * `CreateTeamInput`, the site of `UpdateOrganizationInput.defaultContent`): add them with
 * `.map`. Values may still collide where the core wants them unique: a user's e-mail, an
 * organization's hostname. For other schemas, `QuireArbitrary.make(schema)`.
 */
export const QuireArbitrary = {
  make,
  CreateOrganizationInput: make(CreateOrganizationInput),
  UpdateOrganizationInput: make(UpdateOrganizationInput.omit("defaultContent")),
  CreateSpaceInput: make(CreateSpaceInput.omit("parent")),
  UpdateSpaceInput: make(UpdateSpaceInput),
  CreateCollectionInput: make(CreateCollectionInput.omit("parent")),
  UpdateCollectionInput: make(UpdateCollectionInput),
  CreateTeamInput: make(CreateTeamInput.omit("members")),
  UpdateTeamInput: make(UpdateTeamInput),
  CreateInviteInput: make(CreateInviteInput),
  CreateUserInput: make(CreateUserInput)
} as const
