import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { escapeHtml } from "../../adapters/http/src/reader/html/escape.js"
import { renderNotFoundHtml, renderPageHtml, renderSearchHtml } from "../../adapters/http/src/reader/html/layout.js"
import { markdownToHtml } from "../../adapters/http/src/reader/html/markdownToHtml.js"
import { snippetHtml } from "../../adapters/http/src/reader/html/searchPage.js"
import type { ReaderChrome, ReaderNavEntry, ReaderPageView } from "../../adapters/http/src/reader/html/views.js"
import { parseTree } from "../../packages/core/src/content/markdown/processor.js"
import { sectionsOf } from "../../packages/core/src/content/markdown/sections.js"

interface Tag {
  readonly name: string
  readonly closing: boolean
  readonly attributes: ReadonlyArray<{ readonly name: string; readonly value: string }>
}

const decodeReferences = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")

/**
 * The tags of serialized HTML, read as a browser's tokenizer would (quoted attribute values
 * may hold `<` or `>`); also the text between tags, which must hold no `<` starting a tag.
 */
const tokenize = (html: string): { readonly tags: ReadonlyArray<Tag>; readonly text: string } => {
  const tags: Array<Tag> = []
  let text = ""
  let at = 0
  while (at < html.length) {
    const open = /<(\/?)([a-zA-Z][^\s/>]*)/y
    open.lastIndex = at
    const start = html[at] === "<" ? open.exec(html) : null
    if (start === null) {
      if (html.startsWith("<!doctype", at)) {
        at = html.indexOf(">", at) + 1
        continue
      }
      text += html[at]
      at++
      continue
    }
    at = open.lastIndex
    const attributes: Array<{ name: string; value: string }> = []
    const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*\/?\s*>/y
    for (;;) {
      attribute.lastIndex = at
      const match = attribute.exec(html)
      if (match === null) throw new Error(`unreadable tag at ${at}: ${html.slice(at, at + 40)}`)
      at = attribute.lastIndex
      if (match[1] === undefined) break
      attributes.push({ name: match[1].toLowerCase(), value: decodeReferences(match[2] ?? match[3] ?? match[4] ?? "") })
    }
    tags.push({ name: start[2]!.toLowerCase(), closing: start[1] === "/", attributes })
  }
  return { tags, text }
}

/** What rendered markdown may not hold; a whole document has its own `<style>`, `<meta>`, `<link>` and search `<form>`. */
const forbiddenInMarkdown = ["script", "style", "iframe", "svg", "math", "object", "embed", "form", "link", "meta", "base"]

/** Whether HTML holds anything that could run: a forbidden element, an event handler, a script URL. */
const dangers = (html: string, forbiddenTags: ReadonlyArray<string> = forbiddenInMarkdown): ReadonlyArray<string> => {
  const { tags, text } = tokenize(html)
  const found: Array<string> = []
  if (/<[a-z!/?]/i.test(text)) found.push("unescaped < in text")
  for (const tag of tags) {
    if (forbiddenTags.includes(tag.name)) found.push(`<${tag.name}>`)
    for (const { name, value } of tag.attributes) {
      if (/^on/.test(name)) found.push(`${name}=`)
      if (name === "style") found.push("style=")
      if (["href", "src", "action", "formaction", "xlink:href", "srcset"].includes(name) && /^\s*[a-z]*script:|^\s*data:/i.test(value.replace(/[\t\n\r]/g, "")))
        found.push(`${name}=${value}`)
    }
  }
  return found
}

const payloads = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//x.test/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1))",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVa\tScRiPt:alert(1)">x</a>',
  "<a href='&#106;avascript:alert(1)'>x</a>",
  "<svg onload=alert(1)><circle/></svg>",
  '<iframe src="https://evil.test"></iframe>',
  "<style>body{display:none}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<form action=javascript:alert(1)><button>go</button></form>",
  '<object data="x.swf"></object><embed src="x.swf">',
  "![x](javascript:alert(1))",
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  "<<script>script>alert(1)<</script>/script>",
  "## Heading <img src=x onerror=alert(1)>",
  "| a |\n|---|\n| <script>alert(1)</script> |"
]

describe("markdownToHtml sanitizes", () => {
  it.each(payloads)("%s", (payload) => {
    const { html } = markdownToHtml(`Before\n\n${payload}\n\nAfter`)
    expect(dangers(html)).toEqual([])
    expect(html).not.toMatch(/<script|<iframe|<style|javascript:|onerror|onload/i)
    expect(html).toContain("After")
  })

  it("drops a style sheet's text with it, as a script's", () => {
    expect(markdownToHtml("<style>body{display:none}</style>\n\nok").html).not.toContain("display")
    expect(markdownToHtml("<script>alert(1)</script>\n\nok").html).not.toContain("alert")
  })

  it("keeps what documentation needs: links, images, code languages, inline HTML that is harmless", () => {
    const { html } = markdownToHtml(
      '[docs](https://x.test/a) [rel](./b.md) ![alt](/i.png)\n\n```ts\nconst a = 1\n```\n\n<details><summary>More</summary>\n\nHidden <kbd>Ctrl</kbd>\n\n</details>'
    )
    expect(html).toContain('<a href="https://x.test/a">docs</a>')
    expect(html).toContain('<a href="./b.md">rel</a>')
    expect(html).toContain('<img src="/i.png" alt="alt">')
    expect(html).toContain('<code class="language-ts">')
    expect(html).toContain("<details><summary>More</summary>")
    expect(html).toContain("<kbd>Ctrl</kbd>")
  })

  it("keeps ids unprefixed, and no name or id an image could shadow document properties with", () => {
    const { html } = markdownToHtml('<div id="target">x</div> <a name="legacy"></a> <img src="/i.png" name="cookie" id="forms"> <p name="x">y</p>')
    expect(html).toContain('<div id="target">')
    expect(html).toContain('<a name="legacy">')
    expect(html).toContain('<img src="/i.png">')
    expect(html).not.toContain('name="x"')
    expect(html).not.toContain("user-content-target")
  })

  it("keeps footnotes linked", () => {
    const { html } = markdownToHtml("Text[^1]\n\n[^1]: Note")
    expect(html).toContain('href="#user-content-fn-1"')
    expect(html).toContain('id="user-content-fn-1"')
  })
})

describe("markdownToHtml renders GFM", () => {
  it("tables", () => {
    const { html } = markdownToHtml("| a | b |\n|:--|--:|\n| 1 | 2 |")
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th align="left">a<\/th>\s*<th align="right">b<\/th>/)
    expect(html).toMatch(/<td align="left">1<\/td>/)
  })

  it("task lists, strikethrough and autolinks", () => {
    const { html } = markdownToHtml("- [x] done\n- [ ] todo\n\n~~gone~~ https://x.test")
    expect(html).toContain('<ul class="contains-task-list">')
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>')
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled> todo</li>')
    expect(html).toContain("<del>gone</del>")
    expect(html).toContain('<a href="https://x.test">https://x.test</a>')
  })

  it("drops the frontmatter", () => {
    const { html } = markdownToHtml("---\ntitle: Secret\n---\n\nBody")
    expect(html).toBe("<p>Body</p>")
  })
})

describe("markdownToHtml heading anchors", () => {
  const document = [
    "# Top",
    "## Getting started",
    "### Café & *more* `code`",
    "## Getting started",
    "## Getting started",
    "#### Deep",
    "## API <a href=\"#api-ref\" id=\"api-ref\"></a>",
    "## !!!",
    "> ## Quoted",
    "- ## Listed",
    "### Über-Größe ünd 日本語"
  ].join("\n\n")

  it("are the anchors Quire's markdown engine gives the sections (github-slugger, made unique)", () => {
    const { html, outline } = markdownToHtml(document)
    const { sections } = sectionsOf(parseTree(document).children)
    const ids = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((match) => match[1])
    expect(ids).toEqual(sections.map((section) => section.anchor))
    expect(ids).toEqual(["top", "getting-started", "café--more-code", "getting-started-1", "getting-started-2", "deep", "api-ref", "section", "über-größe-ünd-日本語"])
    expect(outline).toEqual(
      sections
        .filter((section) => section.depth === 2 || section.depth === 3)
        .map((section) => ({ depth: section.depth, id: section.anchor, title: section.text }))
    )
    expect(outline[1]).toEqual({ depth: 3, id: "café--more-code", title: "Café & more code" })
  })

  it("link h2 and h3 to themselves, once per id", () => {
    const { html } = markdownToHtml(document)
    expect(html).toContain('<h2 id="getting-started">Getting started<a class="anchor" href="#getting-started"')
    expect(html).toContain('<a class="anchor" href="#café--more-code"')
    expect(html).not.toContain('href="#top"')
    expect(html).not.toContain('href="#deep"')
    expect(html.match(/id="api-ref"/g)).toHaveLength(1)
    expect(html).toContain("<blockquote>\n<h2>Quoted</h2>")
  })
})

describe("markdownToHtml, property", () => {
  const contexts: ReadonlyArray<(s: string) => string> = [
    (s) => s,
    (s) => `# ${s}\n\n${s}`,
    (s) => `<script>${s}</script>`,
    (s) => `<script src="${s}">${s}`,
    (s) => `<a href="${s}">${s}</a>`,
    (s) => `<img src="${s}" alt='${s}'>`,
    (s) => `[${s}](${s}) ![${s}](${s} "${s}")`,
    (s) => `[x](javascript:${s})`,
    (s) => `<div ${s}>x</div>`,
    (s) => `| ${s} |\n|---|\n| ${s} |`,
    (s) => `\`\`\`${s}\n${s}\n\`\`\``
  ]
  const piece = fc.oneof(
    fc.string(),
    fc.constantFrom("<", ">", '"', "'", "=", " on", "onerror=", "javascript:", "<script>", "</script>", "<svg", "<iframe", "\n", "&#", "x")
  )
  const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""))

  it("never lets a script, an event handler or a script URL through", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: contexts.length - 1 }), (s, context) => {
        const { html } = markdownToHtml(contexts[context]!(s))
        expect(dangers(html)).toEqual([])
      }),
      { numRuns: 300 }
    )
  })
})

describe("escapeHtml", () => {
  it("escapes text and attribute specials", () => {
    expect(escapeHtml(`<b>&"'`)).toBe("&lt;b&gt;&amp;&quot;&#39;")
    expect(escapeHtml("plain")).toBe("plain")
  })
})

const entry = (title: string, more: Partial<ReaderNavEntry> = {}): ReaderNavEntry => ({
  title,
  href: `/${title.toLowerCase()}`,
  external: false,
  current: false,
  open: false,
  pages: [],
  ...more
})

const chrome = (more: Partial<ReaderChrome> = {}): ReaderChrome => ({
  site: {
    title: "Acme <b>&\"",
    homeHref: "/",
    primaryColor: { light: "#112233", dark: "#445566" },
    theme: "system",
    locale: "fr-CA",
    faviconHref: "/icon.png"
  },
  noIndex: false,
  sections: [
    { title: "Guides", href: "/guides", current: true },
    { title: "API", href: "/api", current: false }
  ],
  variants: [
    { title: "v2", href: "/v2", current: true },
    { title: "v1", href: "/v1", current: false }
  ],
  searchHref: "/guides/search",
  ...more
})

const pageView = (more: Partial<ReaderPageView> = {}): ReaderPageView => ({
  ...chrome(),
  sidebar: [
    entry("Intro", { current: true, open: true, pages: [entry("Child")] }),
    { title: "Reference", external: false, current: false, open: false, pages: [entry("Calls"), entry("GitHub", { href: "https://github.com/x", external: true })] }
  ],
  page: {
    title: "Intro <b>&\"",
    description: "What it is & why",
    // The heading's text is "Second x" (raw HTML is no text), as Quire's sections read it.
    markdown: "## First\n\ntext\n\n### Second <script>x</script>\n",
    markdownHref: "/guides/intro.md",
    canonicalUrl: "https://docs.acme.test/guides/intro"
  },
  previous: { title: "Home", href: "/guides", current: false },
  next: { title: "Child", href: "/guides/intro/child", current: false },
  ...more
})

/** The element `<tag ...aria-label="label"...>` through its closing tag (the first one: no nesting of the same tag inside). */
const labelled = (html: string, tag: string, label: string): string => {
  const start = html.indexOf(`<${tag} aria-label="${label}"`)
  if (start < 0) return ""
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3)
}

describe("renderPageHtml", () => {
  const html = renderPageHtml(pageView())

  it("is a whole document with the site's language, title, canonical, markdown alternate and icon", () => {
    expect(html.startsWith("<!doctype html>\n<html lang=\"fr-CA\">")).toBe(true)
    expect(html).toContain("<title>Intro &lt;b&gt;&amp;&quot; | Acme &lt;b&gt;&amp;&quot;</title>")
    expect(html).toContain('<link rel="canonical" href="https://docs.acme.test/guides/intro">')
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/guides/intro.md">')
    expect(html).toContain('<link rel="icon" href="/icon.png">')
    expect(html).toContain('<meta name="description" content="What it is &amp; why">')
    expect(html).not.toContain("<b>")
    expect(html).toMatch(/<\/html>\n$/)
  })

  it("has no script at all", () => {
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
    expect(dangers(html.replace(/<style>[^<]*<\/style>/, ""), ["script", "iframe", "object", "embed", "base"])).toEqual([])
  })

  it("says noindex only when asked", () => {
    expect(html).not.toContain('name="robots"')
    expect(renderPageHtml(pageView({ noIndex: true }))).toContain('<meta name="robots" content="noindex">')
  })

  it("has the header: home, section tabs, variants, search", () => {
    expect(html).toContain('<a class="site-title" href="/">Acme &lt;b&gt;&amp;&quot;</a>')
    expect(labelled(html, "nav", "Sections")).toBe(
      '<nav aria-label="Sections"><ul><li><a href="/guides" aria-current="page">Guides</a></li><li><a href="/api">API</a></li></ul></nav>'
    )
    expect(labelled(html, "nav", "Variants")).toContain('<a href="/v2" aria-current="page">v2</a>')
    expect(html).toContain('<form role="search" action="/guides/search" method="get"><input type="search" name="q" value=""')
  })

  it("shows variants only when there are two or more, tabs only when there are some", () => {
    const one = renderPageHtml(pageView({ variants: [{ title: "v2", href: "/v2", current: true }], sections: [] }))
    expect(one).not.toContain('<nav aria-label="Variants"')
    expect(one).not.toContain('<nav aria-label="Sections"')
    expect(renderPageHtml(pageView({ variants: [] }))).not.toContain('<nav aria-label="Variants"')
  })

  it("has the sidebar tree: the current page marked, groups as headings, external links apart", () => {
    const sidebar = labelled(html, "nav", "Pages")
    expect(sidebar).toContain('<details open><summary><a href="/intro" aria-current="page">Intro</a></summary><ul><li><a href="/child">Child</a></li></ul></details>')
    expect(sidebar.match(/aria-current/g)).toHaveLength(1)
    expect(sidebar).toContain('<h2 class="group-title">Reference</h2><ul><li><a href="/calls">Calls</a></li>')
    expect(sidebar).toContain('<a href="https://github.com/x" rel="noopener" target="_blank">GitHub')
  })

  it("has the page in main: title, description, body, outline, pagination", () => {
    const main = html.slice(html.indexOf("<main>"), html.indexOf("</main>"))
    expect(main).toContain("<h1>Intro &lt;b&gt;&amp;&quot;</h1>")
    expect(main).toContain('<p class="description">What it is &amp; why</p>')
    expect(main).toContain('<h2 id="first">First<a class="anchor" href="#first"')
    expect(main).not.toContain("<script")
    expect(labelled(main, "nav", "On this page")).toContain('<a href="#first">First</a></li><li class="depth-3"><a href="#second-x">Second x</a>')
    const pagination = labelled(main, "nav", "Pagination")
    expect(pagination).toContain('<a rel="prev" href="/guides"><span>Previous</span>Home</a>')
    expect(pagination).toContain('<a rel="next" href="/guides/intro/child"><span>Next</span>Child</a>')
  })

  it("leaves out an empty outline and absent pagination", () => {
    const bare = renderPageHtml(pageView({ page: { ...pageView().page, markdown: "Just text." }, previous: undefined, next: undefined }))
    expect(bare).not.toContain('<nav aria-label="On this page"')
    expect(bare).not.toContain('<nav aria-label="Pagination"')
  })

  it("themes with the primary colour as a custom property: fixed, or following the browser", () => {
    expect(html).toContain("--primary:#112233")
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--primary:#445566/)
    const dark = renderPageHtml(pageView({ site: { ...chrome().site, theme: "dark" } }))
    expect(dark).toContain("--primary:#445566")
    expect(dark).not.toContain("#112233")
    expect(dark).not.toContain("prefers-color-scheme")
    const hostile = renderPageHtml(pageView({ site: { ...chrome().site, theme: "light", primaryColor: { light: "red}</style><script>x", dark: "#000000" } } }))
    expect(hostile).not.toContain("<script")
    expect(hostile.match(/<style>/g)).toHaveLength(1)
  })

  it("keeps the style sheet modest", () => {
    const css = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ""
    expect(css.length).toBeGreaterThan(500)
    expect(css.length).toBeLessThan(6000)
  })
})

describe("renderSearchHtml", () => {
  const view = {
    ...chrome({ noIndex: false }),
    sidebar: [entry("Intro")],
    query: "install <b>",
    groups: [
      {
        title: "Guides",
        pages: [
          {
            title: "Setup",
            href: "/guides/setup",
            sections: [{ title: "Install", href: "/guides/setup#install", snippet: "Run **install** <b>now</b> & **wait**" }]
          }
        ]
      },
      { title: "API <v1>", pages: [{ title: "Calls", href: "/api/calls", sections: [] }] }
    ]
  }
  const html = renderSearchHtml(view)

  it("groups results in sections, each page a link with its matching sections and marked snippets", () => {
    expect(html).toContain(
      '<section><h2>Guides</h2><ul><li><a href="/guides/setup">Setup</a><ul><li><a href="/guides/setup#install">Install</a><p>Run <mark>install</mark> &lt;b&gt;now&lt;/b&gt; &amp; <mark>wait</mark></p></li></ul></li></ul></section>'
    )
    expect(html).toContain("<section><h2>API &lt;v1&gt;</h2>")
  })

  it("keeps the query in the search box, escaped, and is never indexed", () => {
    expect(html).toContain('<input type="search" name="q" value="install &lt;b&gt;"')
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).not.toContain('rel="canonical"')
  })

  it("says so when nothing matched", () => {
    expect(renderSearchHtml({ ...view, groups: [] })).toContain("No results for “install &lt;b&gt;”.")
  })
})

describe("snippetHtml", () => {
  it("escapes, then marks each ** pair", () => {
    expect(snippetHtml("a **b** c **d e**")).toBe("a <mark>b</mark> c <mark>d e</mark>")
    expect(snippetHtml("**<x>**")).toBe("<mark>&lt;x&gt;</mark>")
    expect(snippetHtml("2 ** 3 and a lone **")).toBe("2 <mark> 3 and a lone </mark>")
    expect(snippetHtml("no marks")).toBe("no marks")
  })
})

describe("renderNotFoundHtml", () => {
  it("in the site's chrome, with a link home", () => {
    const html = renderNotFoundHtml({ chrome: chrome(), path: "/guides/<missing>" })
    expect(html).toContain("<title>Page not found | Acme &lt;b&gt;&amp;&quot;</title>")
    expect(html).toContain("<h1>Page not found</h1>")
    expect(html).toContain("<code>/guides/&lt;missing&gt;</code>")
    expect(html).toContain('<a href="/">Go to Acme &lt;b&gt;&amp;&quot;</a>')
    expect(html).toContain('<nav aria-label="Sections"')
    expect(html).toContain('<meta name="robots" content="noindex">')
  })

  it("bare when the site is unknown", () => {
    const html = renderNotFoundHtml({ path: "/nowhere" })
    expect(html).toContain('<html lang="en">')
    expect(html).toContain("<title>Page not found</title>")
    expect(html).toContain("<h1>Page not found</h1>")
    expect(html).not.toContain("<header>")
  })
})
