import { Effect } from "effect"
import { documentPath } from "../../markdown/documentPath.js"
import { parseDocument } from "../../markdown/parseDocument.js"
import { type ResolvableReference, type ResolvedLink, resolveLinks } from "../../markdown/resolveLinks.js"
import { childPages, pageByPath, pathOfPage } from "../paths.js"
import type { PageSource } from "../PageSource.js"
import type { BatchState } from "./BatchState.js"
import { refNamedBy } from "./batchRefs.js"

const referenceKey = (reference: ResolvableReference): string =>
  JSON.stringify([reference.kind, reference.written, reference.kind === "page" ? reference.page : reference.path])

/**
 * What a reference names, in the order the spec gives: a batch ref (whatever the order of
 * the changes), then a page ID (`/pages/<id>`, else a top-level slug), then a page path.
 * A file path names nothing but a batch ref. Undefined: it matches nothing.
 */
const targetOf = (state: BatchState, tree: PageSource, reference: ResolvableReference) =>
  Effect.gen(function* () {
    const ref = refNamedBy(state, reference.written)
    if (ref !== undefined) return { kind: ref.kind, [ref.kind]: ref.id } as ResolvedLink
    if (reference.kind === "file-path") return undefined
    if (reference.kind === "page") {
      if ((yield* tree.page(reference.page)) !== undefined) return { kind: "page", page: reference.page } satisfies ResolvedLink
      const top = (yield* childPages(tree, null)).find((page) => page.slug === reference.page)
      return top === undefined ? undefined : ({ kind: "page", page: top.id } satisfies ResolvedLink)
    }
    const page = yield* pageByPath(tree, reference.path)
    return page === undefined ? undefined : ({ kind: "page", page: page.id } satisfies ResolvedLink)
  })

/**
 * Stores the documents the batch gave, once every change is applied: links resolve against
 * the page tree as the batch left it, relative ones from where each page's document would be
 * in Git. A link matching nothing becomes plain text, as the spec says. An empty body means
 * no document.
 */
export const resolveDocuments = (state: BatchState) =>
  Effect.gen(function* () {
    const { tree } = state
    for (const [id, pending] of state.documents) {
      const page = yield* tree.page(id)
      if (page === undefined) continue
      let markdown = pending.body
      const path = yield* pathOfPage(tree, id)
      const hasChildren = (yield* tree.children(id)).length > 0
      const options = { documentPath: documentPath(path ?? "", { hasChildren }) }
      const references = parseDocument(markdown, options).references.filter(
        (reference): reference is ResolvableReference =>
          reference.kind === "page" || reference.kind === "page-path" || reference.kind === "file-path"
      )
      if (references.length > 0) {
        const targets = new Map<string, ResolvedLink | undefined>()
        for (const reference of references) {
          const key = referenceKey(reference)
          if (!targets.has(key)) targets.set(key, yield* targetOf(state, tree, reference))
        }
        markdown = resolveLinks(markdown, (reference) => targets.get(referenceKey(reference)), options)
      }
      const document = markdown.trim() === "" ? null : tree.addDocument(markdown)
      tree.setPage({ ...page, document })
    }
  })
