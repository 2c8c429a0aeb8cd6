import { Content, ContentEngine, Organizations, type RevisionId, Search, type SpaceId, Spaces } from "@quire/core"
import { Effect } from "effect"
import type { Corpus } from "./corpus.js"

/** The corpus as Quire holds it: one organization, a space per corpus space (same order). */
export interface SeededCorpus {
  readonly corpus: Corpus
  readonly organizationId: string
  /** Quire's space ids, by corpus space index. */
  readonly spaceIds: ReadonlyArray<string>
  /** Creating the spaces, importing and merging their pages. */
  readonly seconds: number
}

/**
 * An organization ("Bench Search") of the actor's, and in it one space per corpus space, its
 * pages imported by the content engine and merged through `Content.merge` (as the bench's
 * content spaces are): the merge moves the space's revision, which the search index follows.
 */
export const seedCorpus = (corpus: Corpus) =>
  Effect.gen(function* () {
    const started = performance.now()
    const organization = yield* (yield* Organizations).create({ title: "Bench Search" })
    const spaces = yield* Spaces
    const engine = yield* ContentEngine
    const content = yield* Content
    const spaceIds: Array<string> = []
    for (const corpusSpace of corpus.spaces) {
      const space = yield* spaces.create(organization.id, { title: corpusSpace.title })
      const { revision } = yield* engine.importPages(corpusSpace.pages, { spaceId: space.id as SpaceId })
      yield* content.merge(space.id as SpaceId, { revision: revision.id as RevisionId })
      spaceIds.push(space.id)
      if (spaceIds.length % 20 === 0) {
        console.log(`  search corpus: ${spaceIds.length} of ${corpus.spaces.length} spaces (${((performance.now() - started) / 1000).toFixed(0)} s)`)
      }
    }
    // Each merge indexed its space; were one behind (an index written later than the merge), this would bring it up to date.
    const caughtUp = yield* (yield* Search).catchUp
    if (caughtUp > 0) console.log(`  search corpus: ${caughtUp} spaces were behind their revision and were indexed by Search.catchUp`)
    return { corpus, organizationId: organization.id, spaceIds, seconds: (performance.now() - started) / 1000 } satisfies SeededCorpus
  })
