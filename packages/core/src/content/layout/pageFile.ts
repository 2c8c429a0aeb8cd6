import { Either, Schema } from "effect"
import { InvalidInput } from "../../shared/errors.js"
import { composeDocument } from "../markdown/composeDocument.js"
import type { ParsedDocument } from "../markdown/parseDocument.js"
import type { ImportedPage } from "../tree/importPages.js"
import { ParsedBody } from "../tree/ParsedBody.js"
import { MAX_DESCRIPTION_LENGTH, MAX_EMOJI_LENGTH, MAX_ID_LENGTH, MAX_TITLE_LENGTH, PageSlug } from "../tree/inputs.js"
import type { PageValue } from "../tree/objects.js"

/**
 * A page's file: frontmatter (its `id`; `type` unless a document; `slug` when the file's name
 * is not the slug; `description`, `emoji`, `icon`, `condition` when set; `hidden`, `noIndex`,
 * `noRobotsIndex` when true), the title as the leading `# ` heading, then the body.
 */
export const writePageFile = (page: PageValue, body: string, fileName: string): string => {
  const frontmatter: Record<string, unknown> = { id: page.id }
  if (page.type !== "document") frontmatter["type"] = page.type
  if (page.slug !== undefined && page.slug !== fileName) frontmatter["slug"] = page.slug
  for (const field of ["emoji", "icon", "condition"] as const) if (page[field] !== undefined) frontmatter[field] = page[field]
  for (const field of ["hidden", "noIndex", "noRobotsIndex"] as const) if (page[field]) frontmatter[field] = true
  return composeDocument({
    title: page.title,
    ...(page.description !== undefined ? { description: page.description } : {}),
    frontmatter,
    body
  })
}

/** A page read from its file, before its place in the tree is known. */
export type PageFromFile = Omit<ImportedPage, "parent">

const refuse = (path: string, rule: string) => InvalidInput.of(path, rule)

const checkLength = (path: string, field: string, value: string | undefined, max: number) => {
  if (value !== undefined && value.length > max) throw refuse(path, `its ${field} must be at most ${max} characters`)
}

/** Whether `slug` is one a page may have (`PageSlug`). */
export const validSlug = (slug: string) => Either.isRight(Schema.decodeEither(PageSlug)(slug))

/**
 * Reads a page's file at `path` (for errors, the repository path), already parsed (the
 * markdown work's `prepare`: its limits checked). `name` is the page name
 * its path gives (`setup` for `guides/setup.md`, `guides` for `guides/README.md`), and
 * `fallbackTitle` the title to use when the file gives none (its entry in `SUMMARY.md`).
 * Throws `InvalidInput` naming the file for what cannot be imported.
 */
export const readPageFile = (path: string, parsed: ParsedDocument, name: string | undefined, fallbackTitle: string | undefined): PageFromFile => {
  const data = parsed.frontmatter ?? {}
  const id = data["id"]
  if (id !== undefined && (typeof id !== "string" || id === "" || id.length > MAX_ID_LENGTH)) {
    throw refuse(path, `its frontmatter \`id\` must be text of 1 to ${MAX_ID_LENGTH} characters`)
  }
  const type = data["type"] ?? "document"
  if (type !== "document" && type !== "group") throw refuse(path, "its frontmatter `type` must be `document` or `group`")
  const title = parsed.title ?? fallbackTitle ?? name ?? "Untitled"
  const { metadata } = parsed
  if (metadata.slug !== undefined && !validSlug(metadata.slug)) {
    throw refuse(path, `its frontmatter \`slug\` "${metadata.slug}" is not a valid slug (1 to 100 characters, no \`/\`, \`#\`, \`?\` or white space)`)
  }
  checkLength(path, "title", title, MAX_TITLE_LENGTH)
  checkLength(path, "description", metadata.description, MAX_DESCRIPTION_LENGTH)
  checkLength(path, "emoji", metadata.emoji, MAX_EMOJI_LENGTH)
  checkLength(path, "icon", metadata.icon, MAX_EMOJI_LENGTH)
  const slug = metadata.slug ?? (name !== undefined && validSlug(name) ? name : undefined)
  return {
    ...(typeof id === "string" ? { id } : {}),
    type,
    title,
    ...(slug !== undefined ? { slug } : {}),
    // The body as `parseDocument` read it from the whole file: a body that itself starts with
    // a level-1 heading keeps it (only the title heading is dropped), and it is not read again.
    parsedBody: ParsedBody.of(parsed),
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.emoji !== undefined && metadata.emoji !== "" ? { emoji: metadata.emoji } : {}),
    ...(metadata.icon !== undefined && metadata.icon !== "" ? { icon: metadata.icon } : {}),
    ...(metadata.condition !== undefined && metadata.condition !== "" ? { condition: metadata.condition } : {}),
    ...(metadata.hidden === true ? { hidden: true } : {}),
    ...(metadata.noIndex === true ? { noIndex: true } : {}),
    ...(metadata.noRobotsIndex === true ? { noRobotsIndex: true } : {})
  }
}
