import { ContentEngine, Organizations, type RevisionId, type SpaceId, Content, Spaces } from "@quire/core"
import { Effect } from "effect"
import { spaceOfSize } from "./contentEngine.js"

/** A space whose content the bench reads and merges into, and every page it holds. */
export interface ContentSpace {
  readonly pages: number
  readonly spaceId: string
  readonly pageIds: ReadonlyArray<string>
}

/**
 * An organization of its own (the seeded one must keep exactly the listed spaces) with one
 * space per size, its content imported by the engine and merged through `Content.merge`:
 * about √n groups at the root, each with an equal share of document pages (`spaceOfSize`).
 * Runs as the seeded user, who administers it.
 */
export const seedContentSpaces = (sizes: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const organization = yield* (yield* Organizations).create({ title: "Bench Content" })
    const spaces = yield* Spaces
    const engine = yield* ContentEngine
    const content = yield* Content
    const seeded: Array<ContentSpace> = []
    for (const size of sizes) {
      const space = yield* spaces.create(organization.id, { title: `Pages ${size}` })
      const pages = spaceOfSize(size)
      const { revision } = yield* engine.importPages(pages, { spaceId: space.id as SpaceId })
      yield* content.merge(space.id as SpaceId, { revision: revision.id as RevisionId })
      seeded.push({ pages: size, spaceId: space.id, pageIds: pages.map((page) => page.id!) })
    }
    return seeded
  })
