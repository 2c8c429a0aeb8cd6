import { resolverOf } from "./jsonSchema.js"
import { quireDocument } from "./operations.js"
import type { ValueContext } from "./validValues.js"
import { type World, worldIdsForField, worldStrings } from "./world.js"

/** What generating values for an operation needs: the document's references and the world's ids. */
export const contextFor = (world: World, seed: number): ValueContext => ({
  resolve: resolverOf(quireDocument),
  worldStrings: worldStrings(world),
  idsForField: (field) => worldIdsForField(world, field),
  seed
})
