import { it } from "@effect/vitest"
import { ChangeRequests, ContentEngine, Content, Spaces } from "@quire/core"
import { Effect, Layer } from "effect"
import { as, contentLayer, newWorld } from "./content.js"

/** Change requests and space content, over `contentLayer`. */
export const changeRequestsLayer = Layer.mergeAll(ChangeRequests.Default, Content.Default, ContentEngine.Default).pipe(
  Layer.provideMerge(contentLayer)
)

/** An `it.effect` on a fresh `changeRequestsLayer`. */
export const changeRequestTest = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), changeRequestsLayer) as Effect.Effect<A, E>)

export const changeRequestServices = Effect.all({ spaces: Spaces, crs: ChangeRequests, content: Content, engine: ContentEngine })

/** A world with a space holding pages A and B (ids "a", "b"). */
export const withSpace = Effect.gen(function* () {
  const { spaces, content, engine } = yield* changeRequestServices
  const w = yield* newWorld
  const space = yield* as(w.admin)(spaces.create(w.org, { title: "Handbook" }))
  const pages = [
    { id: "a", title: "A", markdown: "one" },
    { id: "b", title: "B", markdown: "two" }
  ]
  const first = yield* engine.importPages(pages, { spaceId: space.id, parents: [space.revision] })
  const merged = yield* as(w.admin)(content.merge(space.id, { revision: first.revision.id }))
  return { w, space: merged.space }
})
