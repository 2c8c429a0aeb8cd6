import { Effect } from "effect"
import type { ParsedDocument } from "../parseDocument.js"
import type { MarkdownWorkService } from "./MarkdownWork.js"

/**
 * A page's markdown read ahead of a write, outside its transaction: parsed, with the link
 * destinations of its body; or the reason it is refused.
 */
export type PreparedDocument =
  | { readonly _tag: "Prepared"; readonly parsed: ParsedDocument; readonly bodyLinks: ReadonlyArray<string> }
  | { readonly _tag: "Refused"; readonly message: string }

/** The markdown texts a batch of changes (as sent, not yet validated) carries. */
export const batchMarkdown = (changes: ReadonlyArray<unknown>): ReadonlyArray<string> => {
  const texts = new Set<string>()
  for (const change of changes) {
    if (typeof change !== "object" || change === null || !("document" in change)) continue
    const document = change.document
    if (typeof document !== "object" || document === null || !("markdown" in document)) continue
    if (typeof document.markdown === "string") texts.add(document.markdown)
  }
  return [...texts]
}

/** Reads each text once, in order: a refusal is kept as a value, for the change that sent it to report. */
export const prepareDocuments = (work: MarkdownWorkService, markdowns: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const prepared = new Map<string, PreparedDocument>()
    for (const markdown of markdowns) {
      const entry = yield* work.prepare(markdown).pipe(
        Effect.flatMap((parsed) => Effect.map(work.links(parsed.body), (bodyLinks) => ({ _tag: "Prepared", parsed, bodyLinks }) as const)),
        Effect.catchTag("MarkdownRefused", (refusal) => Effect.succeed({ _tag: "Refused", message: refusal.message } as const))
      )
      prepared.set(markdown, entry)
    }
    return prepared as ReadonlyMap<string, PreparedDocument>
  })
