import type { Effect } from "effect"
import type { PageValue } from "./objects.js"

/**
 * Read access to a page tree, as a stored revision (`TreeReader`) or one being edited
 * (`WorkingTree`) gives it. Everything loads on demand, so a read costs what it touches.
 */
export interface PageSource {
  readonly page: (id: string) => Effect.Effect<PageValue | undefined>
  readonly pages: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, PageValue>>
  /** The ids of `parent`'s children in order (`null`: the root level); empty when it has none. */
  readonly children: (parent: string | null) => Effect.Effect<ReadonlyArray<string>>
  /** The markdown body of a document object. */
  readonly document: (hash: string) => Effect.Effect<string>
}
