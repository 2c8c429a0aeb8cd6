import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { stringify as yaml } from "yaml"
import {
  classifyUrl,
  composeDocument,
  documentPath,
  normalizeMarkdown,
  type ParsedDocument,
  parseDocument,
  type ResolvableReference,
  resolveLinks,
  slugify
} from "../src/content/markdown/index.js"

// ---- A generator of markdown documents, written the many ways people write them ----

/** Words, some of them markdown syntax on their own, to stress escaping. */
const nastyWord = fc.constantFrom(
  ...["alpha", "Beta", "gamma", "delta42", "café", "naïve", "x_y", "a*b", "1.", "#tag", "&amp;", "<b>", "--", "50%"],
  ...["don't", "(see)", "日本", "~tilde", "C#", "a|b", "*", "_", "\\", "`", "[x]", "!", "<", ">", "+", "-", "2)", "=="],
  ...["&", "&#42;", "http://a.b/c_d", "a__b__c", "**"]
)
/** Words that cannot open a construct spanning other inline content (a code span, raw HTML, an autolink). */
const tameWord = nastyWord.filter((w) => !/[`<>\\]/.test(w))

const plainWords = fc
  .array(fc.constantFrom("alpha", "Beta", "gamma", "delta", "café", "Install now"), { minLength: 1, maxLength: 3 })
  .map((ws) => ws.join(" "))
const id = fc.stringOf(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), { minLength: 3, maxLength: 20 })
/** A few words of `word`, for text where markup must not reach (descriptions, titles). */
const wordsOf = (word: fc.Arbitrary<string>) => fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(" "))
const words = wordsOf(nastyWord)
const slug = fc.constantFrom("intro", "getting-started", "guides", "api", "faq", "setup")

/** A link destination of each kind the spec reads, and the page ID it names directly when it is `/pages/<id>`. */
const destination: fc.Arbitrary<{ readonly url: string; readonly pageId?: string }> = fc.oneof(
  id.map((page) => ({ url: `/pages/${page}`, pageId: page })),
  fc.tuple(id, slug).map(([page, anchor]) => ({ url: `/pages/${page}#${anchor}`, pageId: page })),
  fc.tuple(slug, slug).map(([a, b]) => ({ url: `/pages/${a}/${b}` })),
  slug.map((s) => ({ url: `/pages/${s}.md` })),
  slug.map((s) => ({ url: `/pages/${s}/README.md` })),
  slug.map((s) => ({ url: `./${s}.md` })),
  slug.map((s) => ({ url: `../${s}.md` })),
  fc.constant({ url: "../README.md" }),
  slug.map((s) => ({ url: `./${s}` })),
  slug.map((s) => ({ url: `./${s}.png` })),
  id.map((file) => ({ url: `/files/${file}` })),
  slug.map((s) => ({ url: `https://example.com/${s}?q=1` })),
  slug.map((s) => ({ url: `#${s}` })),
  fc.constant({ url: "mailto:someone@example.com" })
)

/** Markdown text as written, and the IDs of the `/pages/<id>` links in it, in order. */
interface Written {
  readonly text: string
  readonly pageIds: ReadonlyArray<string>
}

const written = (text: string, pageIds: ReadonlyArray<string> = []): Written => ({ text, pageIds })
const joined = (parts: ReadonlyArray<Written>, separator: string): Written => ({
  text: parts.map((p) => p.text).join(separator),
  pageIds: parts.flatMap((p) => p.pageIds)
})
const link = (d: { readonly url: string; readonly pageId?: string }, text: string): Written =>
  written(`[${text}](${d.url})`, d.pageId === undefined ? [] : [d.pageId])

/**
 * Documents whose text is made of `word`s: optional frontmatter, then headings (ATX and
 * setext), paragraphs, lists (each marker, nested, tasks), quotes, fenced code, tables,
 * link definitions, breaks and raw HTML, with links and images of every kind, emphasis,
 * strong, strikethrough, code and autolinks. Headings hold no links, so every link
 * written is in the body whatever the title rule does.
 */
const documents = (word: fc.Arbitrary<string>): fc.Arbitrary<Written> => {
  const words = wordsOf(word)
  const inline: fc.Arbitrary<Written> = fc.oneof(
    { weight: 4, arbitrary: words.map((t) => written(t)) },
    plainWords.map((t) => written(`*${t}*`)),
    plainWords.map((t) => written(`_${t}_`)),
    plainWords.map((t) => written(`**${t}**`)),
    plainWords.map((t) => written(`__${t}__`)),
    plainWords.map((t) => written(`~~${t}~~`)),
    plainWords.map((t) => written(`\`${t}\``)),
    { weight: 3, arbitrary: fc.tuple(destination, plainWords).map(([d, t]) => link(d, t)) },
    fc.tuple(destination, plainWords).map(([d, t]) => link(d, `*${t}*`)),
    fc.tuple(destination, plainWords).map(([d, t]) => written(`![${t}](${d.url})`)),
    fc.constant(written("<https://quire.dev/docs>")),
    fc.constant(written("www.example.com"))
  )
  const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => joined(parts, " "))
  const headingLine = fc.oneof(
    fc
      .array(fc.oneof(words, plainWords.map((t) => `*${t}*`), plainWords.map((t) => `\`${t}\``)), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join(" ")),
    // Headings that slug alike, or to nothing.
    fc.constantFrom("Setup", "setup", "*Setup*", "Setup!", "setup-1", "!!!", "日本")
  )
  const list = fc
    .tuple(fc.constantFrom("-", "*", "+", "1.", "1)"), fc.array(line, { minLength: 1, maxLength: 4 }), fc.option(line, { nil: undefined }))
    .map(([marker, items, nested]) => {
      const ordered = marker.startsWith("1")
      const lines = items.map((item, i) => written(`${ordered ? `${i + 1}${marker.slice(1)}` : marker} ${item.text}`, item.pageIds))
      if (nested !== undefined) lines.push(written(`${" ".repeat(ordered ? 3 : 2)}- ${nested.text}`, nested.pageIds))
      return joined(lines, "\n")
    })
  const table = fc
    .tuple(fc.array(plainWords, { minLength: 1, maxLength: 3 }), fc.array(line, { minLength: 1, maxLength: 3 }))
    .map(([header, rows]) =>
      joined(
        [
          written(`| ${header.join(" | ")} |`),
          written(`| ${header.map(() => "---").join(" | ")} |`),
          ...rows.map((row) => written(`| ${header.map((_, i) => (i === 0 ? row.text : "x")).join(" | ")} |`, row.pageIds))
        ],
        "\n"
      )
    )
  const block: fc.Arbitrary<Written> = fc.oneof(
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), headingLine).map(([depth, t]) => written(`${"#".repeat(depth)} ${t}`)) },
    fc.tuple(headingLine, fc.constantFrom("===", "---")).map(([t, underline]) => written(`${t}\n${underline}`)),
    { weight: 4, arbitrary: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => joined(lines, "\n")) },
    list,
    fc.tuple(fc.boolean(), line).map(([done, item]) => written(`- [${done ? "x" : " "}] ${item.text}`, item.pageIds)),
    line.map((l) => written(`> ${l.text}`, l.pageIds)),
    fc
      .tuple(fc.constantFrom("```", "~~~"), fc.constantFrom("", "js", "sh"), fc.array(words, { maxLength: 3 }))
      .map(([fence, lang, lines]) => written(`${fence}${lang}\n${lines.join("\n")}\n${fence}`)),
    table,
    fc.tuple(fc.constantFrom("one", "two", "Three"), destination).map(([label, d]) => written(`[${label}]: ${d.url}`, d.pageId === undefined ? [] : [d.pageId])),
    fc.constantFrom(written("---"), written("***"), written("<div>raw html</div>"))
  )
  const frontmatter = fc.option(
    fc.record(
      {
        title: fc.oneof(plainWords, fc.constant("")),
        description: words,
        hidden: fc.boolean(),
        tags: fc.array(plainWords, { maxLength: 3 }),
        layout: fc.record({ width: fc.constantFrom("default", "wide") })
      },
      { requiredKeys: [] }
    ),
    { nil: undefined }
  )
  return fc.tuple(frontmatter, fc.array(block, { maxLength: 8 })).map(([fm, blocks]) => {
    const body = joined(blocks, "\n\n")
    if (fm !== undefined) return written(`---\n${yaml(fm)}---\n\n${body.text}`, body.pageIds)
    // A first line `---` opens frontmatter (up to the next `---`), so a rule there is drawn `***`.
    return body.text.startsWith("---") ? written(`***${body.text.slice(3)}`, body.pageIds) : body
  })
}

/** Any document, its text full of markdown syntax. */
const document = documents(nastyWord)
/** Documents where every link written is a link (no code span or HTML can swallow it). */
const linkSafeDocument = documents(tameWord)

// ---- Properties ----

/** What a document means, leaving out where things were in the source. */
const meaning = (doc: ParsedDocument) =>
  JSON.parse(JSON.stringify({ ...doc, issues: doc.issues.map((i) => i.code) }, (key, value) => (key === "position" ? undefined : value)))

// MD_RUNS=2000 makes a longer hunt by hand; the suite keeps to 100 runs on a shared machine.
const runs = { fastCheck: { numRuns: Number(process.env["MD_RUNS"] ?? 100) } }

describe("markdown properties", () => {
  // Found by the anchors property (seed 1695655724): micromark's development build asserts on it;
  // the suite loads dependencies as production does (see vitest.config.ts), where it parses.
  it("a task-list marker after an empty list item parses", () => {
    const parsed = parseDocument("-\n[x] alpha\nwww.example.com")
    expect(parsed.body).toContain("alpha")
    expect(parsed.references.map((r) => r.written)).toEqual(["http://www.example.com"])
  })

  it.prop("normalising twice gives the same text as normalising once", [document], ([doc]) => {
    const once = normalizeMarkdown(doc.text)
    expect(normalizeMarkdown(once)).toBe(once)
  }, runs)

  it.prop("normalising keeps the meaning: title, description, frontmatter, body, sections, references", [document], ([doc]) => {
    expect(meaning(parseDocument(normalizeMarkdown(doc.text)))).toEqual(meaning(parseDocument(doc.text)))
  }, runs)

  it.prop("section anchors are unique and never empty", [document], ([doc]) => {
    const anchors = parseDocument(doc.text).sections.map((s) => s.anchor)
    expect(new Set(anchors).size).toBe(anchors.length)
    expect(anchors.every((a) => a !== "")).toBe(true)
  }, runs)

  it.prop("every /pages/<id> link written is found as a reference to that page", [linkSafeDocument], ([doc]) => {
    const found = parseDocument(doc.text)
      .references.filter((r) => r.kind === "page")
      .map((r) => r.page)
    for (const pageId of doc.pageIds) expect(found).toContain(pageId)
  }, runs)

  it.prop("every reference is located in the source at text that contains its destination", [document], ([doc]) => {
    for (const reference of parseDocument(doc.text).references) {
      const { start, end } = reference.position!
      // A bare `www.` link is read with the `http://` it implies.
      expect(doc.text.slice(start.offset, end.offset)).toContain(reference.written.replace(/^http:\/\/(?=www\.)/, ""))
    }
  }, runs)

  it.prop(
    "resolving links leaves no page or file path behind, and touches nothing else",
    [document, fc.boolean()],
    ([doc, resolvable]) => {
      const idOf = (reference: ResolvableReference) => `id-${reference.kind === "page" ? reference.page : slugify(reference.path)}`
      const resolved = resolveLinks(doc.text, (reference) =>
        !resolvable ? undefined : reference.kind === "file-path" ? { kind: "file", file: idOf(reference) } : { kind: "page", page: idOf(reference) }
      )
      const before = parseDocument(doc.text)
      const after = parseDocument(resolved)
      const untouched = (d: ParsedDocument) => d.references.filter((r) => r.kind === "url" || r.kind === "anchor" || r.kind === "file" && !r.file.startsWith("id-")).map((r) => r.written)
      expect(after.references.filter((r) => r.kind === "page-path" || r.kind === "file-path")).toEqual([])
      expect(untouched(after)).toEqual(untouched(before))
      const paged = (d: ParsedDocument) => d.references.filter((r) => r.kind === "page" || r.kind === "page-path" || r.kind === "file-path" || r.kind === "file" && r.file.startsWith("id-")).length
      expect(paged(after)).toBe(resolvable ? paged(before) : 0)
      expect(after.title).toBe(before.title)
      expect(normalizeMarkdown(resolved)).toBe(resolved)
    },
    runs
  )

  it.prop(
    "composing a page's parts reads back as the same parts",
    [document, fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }), fc.option(words, { nil: undefined })],
    ([doc, title, description]) => {
      const parsed = parseDocument(doc.text)
      fc.pre(title === undefined || title.trim() !== "")
      // Without a title, a body that starts with a level-1 heading would give one.
      fc.pre(title !== undefined || parseDocument(parsed.body).title === undefined)
      const composed = composeDocument({ title, description, body: parsed.body })
      const back = parseDocument(composed)
      expect(back.title).toBe(title?.replace(/\s+/g, " ").trim())
      expect(back.description).toBe(description)
      expect(back.body).toBe(parsed.body)
      expect(meaning(back).sections).toEqual(meaning(parsed).sections)
      expect(normalizeMarkdown(composed)).toBe(composed)
    },
    runs
  )

  it.prop(
    "markdown paths name the page they would be in Git, whichever form and wherever the document is",
    [fc.array(slug, { minLength: 1, maxLength: 3 }), slug],
    ([segments, other]) => {
      const path = segments.join("/")
      const parent = segments.slice(0, -1).join("/")
      const under = (folder: string, name: string) => (folder === "" ? name : `${folder}/${name}`)
      const page = (p: string) => ({ kind: "page-path", path: p })
      for (const written of [`/pages/${path}.md`, `/pages/${path}/README.md`, `/${path}`]) expect(classifyUrl(written)).toEqual(page(path))
      if (segments.length > 1) expect(classifyUrl(`/pages/${path}`)).toEqual(page(path))
      const leaf = documentPath(path, { hasChildren: false })
      expect(classifyUrl(`./${other}.md`, leaf)).toEqual(page(under(parent, other)))
      expect(classifyUrl("./README.md", leaf)).toEqual(page(parent))
      expect(classifyUrl(`./${other}`, leaf)).toEqual(page(under(parent, other)))
      const withChildren = documentPath(path, { hasChildren: true })
      expect(classifyUrl(`./${other}.md`, withChildren)).toEqual(page(under(path, other)))
      expect(classifyUrl("../README.md", withChildren)).toEqual(page(parent))
      expect(classifyUrl(`../${other}.md#x`, withChildren)).toEqual({ ...page(under(parent, other)), anchor: "x" })
    },
    runs
  )

  it.prop("slugify gives a safe, non-empty slug and is stable", [fc.oneof(fc.string(), fc.fullUnicodeString(), words)], ([title]) => {
    const s = slugify(title)
    expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(s.length).toBeLessThanOrEqual(100)
    expect(slugify(s)).toBe(s)
  }, runs)
})
