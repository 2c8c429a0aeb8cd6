import type { Definition, Image, Link } from "mdast"
import { SKIP, visit } from "unist-util-visit"
import { checkMarkdownLimits } from "../limits.js"
import { type ParsedDocument, parseDocument } from "../parseDocument.js"
import { parseTree } from "../processor.js"
import { type ResolvedLink, resolveLinks } from "../resolveLinks.js"
import { leadingTitleHeading } from "../titleHeading.js"
import { type ResolvableReferenceKey, resolvableReferenceKey } from "./referenceKey.js"

/**
 * The pure document work a write does, as plain data in and out, so it can run in a worker
 * thread as well as in process with the same code: nothing here throws.
 */
export type MarkdownTask =
  /** Checks the limits and parses a page's markdown (with no `documentPath`: the space root). */
  | { readonly op: "prepare"; readonly markdown: string }
  /** `prepare` of each text in turn, as one step (see `documentChunks`). */
  | { readonly op: "prepareEach"; readonly markdowns: ReadonlyArray<string> }
  /** The destinations of a body's links, images and definitions, as written, in document order. */
  | { readonly op: "links"; readonly markdown: string }
  /** `resolveLinks` with its answers given as data: reference key → target (absent or undefined: unresolved). */
  | {
      readonly op: "rewrite"
      readonly markdown: string
      readonly documentPath: string
      readonly targets: ReadonlyArray<readonly [ResolvableReferenceKey, ResolvedLink | undefined]>
    }

export type MarkdownTaskResult<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly message: string }

export interface MarkdownTaskValues {
  readonly prepare: ParsedDocument
  readonly prepareEach: ReadonlyArray<MarkdownTaskResult<ParsedDocument>>
  readonly links: ReadonlyArray<string>
  readonly rewrite: string
}

const refused = (message: string) => ({ ok: false, message }) as const

/** A thrown parser error as a refusal (the stack overflows on nesting the limits did not foresee). */
const guarded = <A>(work: () => A): MarkdownTaskResult<A> => {
  try {
    return { ok: true, value: work() }
  } catch (error) {
    const reason = error instanceof RangeError ? "it nests too deeply" : error instanceof Error ? error.message.split("\n", 1)[0] : String(error)
    return refused(`could not be read as markdown (${reason})`)
  }
}

const prepare = (markdown: string): MarkdownTaskResult<ParsedDocument> => {
  const violation = checkMarkdownLimits(markdown)
  if (violation !== undefined) return refused(violation.message)
  const parsed = guarded(() => parseDocument(markdown))
  if (parsed.ok && parsed.value.issues.some((issue) => issue.code === "frontmatter-aliases")) {
    return refused("has YAML aliases (`*name`) in its frontmatter; Quire does not accept them: write the values out")
  }
  return parsed
}

/** Each text's `prepare`: the step succeeds, whatever each document's answer. */
const prepareEach = (markdowns: ReadonlyArray<string>): MarkdownTaskResult<ReadonlyArray<MarkdownTaskResult<ParsedDocument>>> => ({
  ok: true,
  value: markdowns.map(prepare)
})

/**
 * The destinations `parseDocument(markdown).references` would give, without printing: a
 * leading level-1 heading reads as the title, so its links are not among them.
 */
const links = (markdown: string): ReadonlyArray<string> => {
  const tree = parseTree(markdown)
  const title = leadingTitleHeading(tree)?.heading
  const urls: Array<string> = []
  visit(tree, (node) => {
    if (node === title || node.type === "yaml") return SKIP
    if (node.type === "link" || node.type === "image" || node.type === "definition") urls.push((node as Link | Image | Definition).url)
    return undefined
  })
  return urls
}

const rewrite = (task: Extract<MarkdownTask, { op: "rewrite" }>): string => {
  const targets = new Map(task.targets)
  return resolveLinks(task.markdown, (reference) => targets.get(resolvableReferenceKey(reference)), { documentPath: task.documentPath })
}

/** Runs one task; never throws. */
export const runMarkdownTask = <T extends MarkdownTask>(task: T): MarkdownTaskResult<MarkdownTaskValues[T["op"]]> => {
  switch (task.op) {
    case "prepare":
      return prepare(task.markdown) as MarkdownTaskResult<MarkdownTaskValues[T["op"]]>
    case "prepareEach":
      return prepareEach(task.markdowns) as MarkdownTaskResult<MarkdownTaskValues[T["op"]]>
    case "links":
      return guarded(() => links(task.markdown)) as MarkdownTaskResult<MarkdownTaskValues[T["op"]]>
    case "rewrite":
      return guarded(() => rewrite(task)) as MarkdownTaskResult<MarkdownTaskValues[T["op"]]>
  }
}
