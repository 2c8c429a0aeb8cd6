import { Effect, Either, Schema } from "effect"
import type { ParsedDocument } from "../../markdown/parseDocument.js"
import { type DocumentInput, PageSlug, type PageFieldsInput } from "../inputs.js"
import type { PageValue } from "../objects.js"
import { type BatchState, invalid } from "./BatchState.js"

/** The title a page gets when neither the change nor its document gives one. */
export const DEFAULT_PAGE_TITLE = "Untitled"

/**
 * Reads a change's document: markdown is parsed (frontmatter, leading heading, body); a JSON
 * document is refused, since Quire keeps documents as markdown. Undefined when none is given.
 */
export const readDocument = (state: BatchState, change: number, document: DocumentInput | undefined) =>
  Effect.gen(function* () {
    if (document === undefined) return undefined
    if (document.document !== undefined) {
      return yield* invalid(change, "document.document", "JSON documents are not supported: send the page as `markdown`")
    }
    const markdown = document.markdown ?? ""
    const prepared = state.prepared.get(markdown)
    if (prepared?._tag === "Refused") return yield* invalid(change, "document.markdown", prepared.message)
    if (prepared !== undefined) state.bodyLinks.set(prepared.parsed.body, prepared.bodyLinks)
    const parsed =
      prepared?.parsed ??
      (yield* state.markdown
        .prepare(markdown)
        .pipe(Effect.catchTag("MarkdownRefused", (refusal) => invalid(change, "document.markdown", refusal.message))))
    const slug = parsed.metadata.slug
    if (slug !== undefined) {
      const checked = Schema.decodeEither(PageSlug)(slug)
      if (Either.isLeft(checked)) {
        return yield* invalid(change, "document.markdown", `the frontmatter \`slug\` "${slug}" is not a valid slug`)
      }
    }
    for (const field of ["emoji", "icon"] as const) {
      const value = parsed.metadata[field]
      if (value !== undefined && value.length > 50) {
        return yield* invalid(change, "document.markdown", `the frontmatter \`${field}\` must be at most 50 characters`)
      }
    }
    return parsed
  })

/**
 * The metadata a change sets: its own fields, overridden by what its markdown says
 * (frontmatter fields, and a title from the frontmatter or the leading heading), as the
 * official `RevisionPageUpdate` has it.
 */
export const requestedFields = (fields: PageFieldsInput, parsed: ParsedDocument | undefined): PageFieldsInput => {
  if (parsed === undefined) return fields
  const fromDocument = Object.fromEntries(Object.entries(parsed.metadata).filter(([, value]) => value !== undefined))
  return { ...fields, ...fromDocument, ...(parsed.title !== undefined ? { title: parsed.title } : {}) }
}

/** `""` clears an optional text field; absent leaves it as it was. */
const cleared = (requested: string | undefined, current: string | undefined) =>
  requested === undefined ? current : requested === "" ? undefined : requested

/** `current` with the requested metadata applied (document, parent and timestamps untouched). */
export const withFields = (current: PageValue, fields: PageFieldsInput): PageValue => {
  const next: PageValue = {
    ...current,
    title: fields.title ?? current.title,
    slug: fields.slug ?? current.slug,
    emoji: cleared(fields.emoji, current.emoji),
    icon: cleared(fields.icon, current.icon),
    description: cleared(fields.description, current.description),
    condition: cleared(fields.condition, current.condition),
    hidden: fields.hidden ?? current.hidden,
    noIndex: fields.noIndex ?? current.noIndex,
    noRobotsIndex: fields.noRobotsIndex ?? current.noRobotsIndex
  }
  return withoutUndefined(next)
}

/** Drops absent optional fields, so equal pages are equal objects whatever built them. */
export const withoutUndefined = (page: PageValue): PageValue =>
  Object.fromEntries(Object.entries(page).filter(([, value]) => value !== undefined)) as unknown as PageValue

/** The field a page's slug came from, for errors about it. */
export const slugField = (fields: PageFieldsInput, parsed: ParsedDocument | undefined): string =>
  parsed?.metadata.slug !== undefined ? "document.markdown" : fields.slug !== undefined ? "slug" : "title"
