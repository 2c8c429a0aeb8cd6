import { Effect } from "effect"
import { makeId } from "../../../shared/ids.js"
import { slugify } from "../../markdown/slugify.js"
import type { InsertPageChange } from "../inputs.js"
import type { PageValue } from "../objects.js"
import { type BatchState, noteOutcome, pageIdOf } from "./BatchState.js"
import { registerRef } from "./batchRefs.js"
import { DEFAULT_PAGE_TITLE, readDocument, requestedFields, slugField, withFields } from "./pageFields.js"
import { ensureFreeSlug, ensureParent, placeAmong } from "./placement.js"

/**
 * `insert_page`: a new document page under `into` (a page id, or the ref of a page inserted
 * earlier in the batch; absent: the root level) at `at` (absent: last). Its title comes from
 * the markdown's frontmatter or leading heading, else `title`, else "Untitled"; its slug
 * from the frontmatter, else `slug`, else the title, and must be free among its siblings.
 */
export const insertPage = (state: BatchState, index: number, change: InsertPageChange) =>
  Effect.gen(function* () {
    const { tree } = state
    const parent = change.into === undefined ? null : pageIdOf(state, change.into)
    yield* ensureParent(tree, index, "into", parent)
    const parsed = yield* readDocument(state, index, change.document)
    const fields = requestedFields(change, parsed)
    const id = yield* makeId<string>()
    const title = fields.title ?? DEFAULT_PAGE_TITLE
    const blank: PageValue = {
      id,
      type: "document",
      title,
      slug: slugify(title),
      hidden: false,
      noIndex: false,
      noRobotsIndex: false,
      createdAt: state.now,
      updatedAt: state.now,
      document: null,
      parent
    }
    const page = withFields(blank, fields)
    yield* ensureFreeSlug(tree, index, slugField(change, parsed), parent, page.slug, id)
    if (change.ref !== undefined) yield* registerRef(state, index, "ref", change.ref, { kind: "page", id, change: index })
    tree.setPage(page)
    yield* placeAmong(tree, id, parent, change.at)
    state.documents.set(id, { change: index, body: parsed?.body ?? "" })
    if (change.ref !== undefined) state.createdRefs.set(id, change.ref)
    noteOutcome(state, id, "created")
  })
