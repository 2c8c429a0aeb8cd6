import { collapseWhitespace } from "../content/markdown/plainText.js"
import { type DomDocument, type DomElement, parseHtml } from "./htmlDom.js"
import { htmlToMarkdown } from "./htmlToMarkdown.js"

/** What an HTML page gives an import. */
export interface HtmlReading {
  /** From the first `<h1>` of the content (then cut out of it), else `<title>`; undefined without both. */
  readonly title: string | undefined
  /** The content as markdown, without the title heading; "" when the page shows no content. */
  readonly markdown: string
  /** Every `<a href>` of the page, absolute (against `<base>` or the page's URL), without fragment. */
  readonly links: ReadonlyArray<string>
}

/** Elements that run code, load other documents, or show nothing a reader wants as text. */
const dropped = "script, style, noscript, template, iframe, frame, frameset, object, embed, applet, link, meta, base, svg, canvas, form, button, input, select, textarea, dialog"
/** Elements around a page's content rather than in it. */
const around = "nav, aside, [role=navigation]"

const each = (list: ArrayLike<DomElement>, act: (element: DomElement) => void) => Array.from(list).forEach(act)

const text = (element: DomElement | null) => collapseWhitespace(element?.textContent ?? "")

const unsafeUrl = (value: string) => /^\s*(javascript|vbscript|data):/i.test(value)

const absolute = (href: string, base: string | undefined): string | undefined => {
  try {
    const url = base === undefined ? new URL(href) : new URL(href, base)
    url.hash = ""
    return url.href
  } catch {
    return undefined
  }
}

const linksOf = (document: DomDocument, pageUrl: string | undefined): ReadonlyArray<string> => {
  const declared = document.querySelector("base[href]")?.getAttribute("href") ?? undefined
  const base = declared === undefined ? pageUrl : (absolute(declared, pageUrl) ?? pageUrl)
  const links = new Set<string>()
  each(document.querySelectorAll("a[href]"), (anchor) => {
    const href = anchor.getAttribute("href") ?? ""
    if (unsafeUrl(href)) return
    const url = absolute(href, base)
    if (url !== undefined) links.add(url)
  })
  return [...links]
}

/** Takes out what runs code or loads documents, and every event handler and script URL. */
const sanitize = (root: DomElement) => {
  each(root.querySelectorAll(dropped), (element) => element.remove())
  each(root.querySelectorAll("*"), (element) => {
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name) || ((name === "href" || name === "src") && unsafeUrl(value))) element.removeAttribute(name)
    }
  })
  each(root.querySelectorAll("img:not([src]), img[src='']"), (image) => image.remove())
}

/**
 * Reads an HTML page for import: its links (all of them, navigation included), then its
 * content (`<main>`, else `<article>`, else `<body>`, without navigation) sanitized (scripts,
 * styles, frames, forms, event handlers, `javascript:`/`data:` URLs and images without a source dropped) and turned into
 * markdown by turndown.
 */
export const readHtml = (html: string, pageUrl?: string): HtmlReading => {
  const document = parseHtml(html)
  const links = linksOf(document, pageUrl)
  const root = document.querySelector("main") ?? document.querySelector("article") ?? document.body
  if (root === null) return { title: collapseWhitespace(document.title) || undefined, markdown: "", links }
  each(root.querySelectorAll(around), (element) => element.remove())
  sanitize(root)
  const heading = root.querySelector("h1")
  const headingText = text(heading)
  if (headingText !== "") heading?.remove()
  const title = headingText || collapseWhitespace(document.title) || undefined
  return { title, markdown: htmlToMarkdown(root), links }
}
