/** The typed client and the test kit from the packed packages: type-checked, and the property run. */
import { FetchHttpClient } from "@effect/platform"
import { Organizations, type SpaceId, Spaces } from "@quire/core"
import { QuireClient } from "@quire/http/client"
import { asUser, QuireArbitrary, QuireTest } from "@quire/testing"
import { Effect } from "effect"

/** Type-checked only: there is no server here. */
export const readSpace = (spaceId: SpaceId) =>
  Effect.flatMap(QuireClient, (quire) => quire.getSpaceById({ path: { spaceId }, urlParams: {} })).pipe(
    Effect.catchTag("InvalidInput", (error) => Effect.succeed(error.field)),
    Effect.provide(QuireClient.layer({ baseUrl: "http://localhost:8080", token: "secret" })),
    Effect.provide(FetchHttpClient.layer)
  )

const property = Effect.gen(function* () {
  const ada = yield* QuireTest.user("ada@example.com")
  const org = yield* asUser(ada)(Effect.flatMap(Organizations, (orgs) => orgs.create({ title: "Acme" })))
  const spaces = yield* Spaces
  yield* QuireTest.property(
    QuireArbitrary.CreateSpaceInput,
    (input) => asUser(ada)(spaces.create(org.id, input)).pipe(Effect.map((space) => space.title === (input.title ?? "Untitled"))),
    { numRuns: 25 }
  )
  return "held"
})

console.log(JSON.stringify({ property: await Effect.runPromise(property.pipe(Effect.provide(QuireTest.layer()))) }))
