import { Effect } from "effect"
import { classifyUrl } from "../../markdown/classifyUrl.js"
import { documentPath } from "../../markdown/documentPath.js"
import type { ResolvableReference, ResolvedLink } from "../../markdown/resolveLinks.js"
import { type ResolvableReferenceKey, resolvableReferenceKey } from "../../markdown/work/referenceKey.js"
import { childPages, pageByPath, pathOfPage } from "../paths.js"
import type { PageSource } from "../PageSource.js"
import { type BatchState, invalid } from "./BatchState.js"
import { refNamedBy } from "./batchRefs.js"

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
      const inGit = documentPath(path ?? "", { hasChildren })
      const refused = (refusal: { readonly message: string }) => invalid(pending.change, "document.markdown", refusal.message)
      const links =
        state.bodyLinks.get(markdown) ?? (yield* state.markdown.links(markdown).pipe(Effect.catchTag("MarkdownRefused", refused)))
      const references = links.flatMap((written) => {
        const target = classifyUrl(written, inGit)
        return target !== undefined && (target.kind === "page" || target.kind === "page-path" || target.kind === "file-path")
          ? [{ ...target, written } as ResolvableReference]
          : []
      })
      if (references.length > 0) {
        const targets = new Map<ResolvableReferenceKey, ResolvedLink | undefined>()
        for (const reference of references) {
          const key = resolvableReferenceKey(reference)
          if (!targets.has(key)) targets.set(key, yield* targetOf(state, tree, reference))
        }
        markdown = yield* state.markdown.rewriteLinks(markdown, inGit, [...targets]).pipe(Effect.catchTag("MarkdownRefused", refused))
      }
      const document = markdown.trim() === "" ? null : tree.addDocument(markdown)
      tree.setPage({ ...page, document })
    }
  })
