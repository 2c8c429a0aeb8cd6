import { Effect, Either } from "effect"
import { type Fetched, Fetcher, type FetchOptions } from "../outbound/Fetcher.js"
import { redactUrl } from "../outbound/redactUrl.js"
import { readHtmlBytes, pageOfReading } from "./htmlSource.js"
import { NothingToImport, UnreadableSource } from "./importErrors.js"
import { FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, WEBSITE_CONCURRENCY, WEBSITE_LIMITS, type WebsiteLimits } from "./limits.js"
import { type PathPage, pagesByPath } from "./pathTree.js"
import { titleFromName } from "./titles.js"

const isHtml = (fetched: Fetched) => /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(fetched.contentType ?? "")
const isOk = (fetched: Fetched) => fetched.status >= 200 && fetched.status < 300

/** Links to files a crawl does not fetch as pages. */
const notAPage = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|pdf|zip|gz|tgz|tar|rar|7z|mp3|mp4|webm|mov|avi|css|js|mjs|json|xml|rss|atom|txt|csv|woff2?|ttf|otf|eot|exe|dmg|iso|docx?|xlsx?|pptx?)$/i

/** The path segments a page sits at: `/guide/install.html` and `/guide/install/` are `guide/install`. */
const segmentsOf = (url: string): ReadonlyArray<string> => {
  const parts = new URL(url).pathname.split("/").filter((part) => part !== "")
  const last = parts[parts.length - 1]
  if (last !== undefined && /^index\.html?$/i.test(last)) parts.pop()
  else if (last !== undefined) parts[parts.length - 1] = last.replace(/\.html?$/i, "")
  return parts.map((part) => {
    try {
      return decodeURIComponent(part)
    } catch {
      return part
    }
  })
}

const pageKey = (url: string) => {
  const parsed = new URL(url)
  parsed.hash = ""
  parsed.username = ""
  parsed.password = ""
  return parsed.href
}

/** The link with the start URL's credentials, which hold for its whole origin (not another one it redirected to). */
const withCredentialsOf = (start: URL, link: URL) => {
  if (start.origin !== link.origin) return link.href
  link.username = start.username
  link.password = start.password
  return link.href
}

interface Visit {
  readonly url: string
  readonly depth: number
}

/**
 * A same-origin crawl from `start` through the `Fetcher`, breadth-first: the start page at
 * depth 0, the links of a page at depth d at d + 1, up to `maxDepth`; at most `maxPages` pages
 * kept and `maxFetches` fetches made. Links leaving the start page's origin (after its
 * redirects), links with a query, and links to files are not followed; a page that fails,
 * is not HTML, or shows no content is skipped. Each page is read as the `html` source reads
 * one; the tree follows the URL paths (`pagesByPath`). The start page itself must answer.
 * Credentials in the start URL go with every link of its origin (the fetcher sends them).
 */
export const crawlWebsite = (start: string, limits: WebsiteLimits = WEBSITE_LIMITS) =>
  Effect.gen(function* () {
    const fetcher = yield* Fetcher
    const options: FetchOptions = {
      maxBytes: limits.maxPageBytes,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxRedirects: FETCH_MAX_REDIRECTS,
      accept: "text/html, application/xhtml+xml"
    }
    const first = yield* fetcher.fetch(start, options)
    if (!isOk(first)) return yield* new UnreadableSource({ message: `${redactUrl(start)} answered HTTP ${first.status}` })
    if (!isHtml(first)) return yield* new UnreadableSource({ message: `${redactUrl(start)} is not an HTML page (${first.contentType ?? "no content type"})` })
    const origin = new URL(first.url).origin
    const startUrl = new URL(start)
    const seen = new Set([pageKey(start), pageKey(first.url)])
    const found: Array<PathPage> = []
    let fetches = 1
    let frontier: ReadonlyArray<Visit & { readonly fetched?: Fetched }> = [{ url: first.url, depth: 0, fetched: first }]
    while (frontier.length > 0 && found.length < limits.maxPages) {
      const level = frontier
      const answers = yield* Effect.forEach(
        level,
        (visit) =>
          visit.fetched === undefined
            ? Effect.map(Effect.either(fetcher.fetch(visit.url, options)), Either.getRight)
            : Effect.succeedSome(visit.fetched),
        { concurrency: WEBSITE_CONCURRENCY }
      )
      const next: Array<Visit> = []
      for (const [index, answer] of answers.entries()) {
        if (found.length >= limits.maxPages) break
        if (answer._tag === "None") continue
        const fetched = answer.value
        const depth = level[index]!.depth
        if (!isOk(fetched) || !isHtml(fetched) || new URL(fetched.url).origin !== origin) continue
        seen.add(pageKey(fetched.url))
        const reading = yield* Effect.either(readHtmlBytes(fetched.body, fetched.url, { url: fetched.url, contentType: fetched.contentType ?? "" }))
        if (Either.isLeft(reading)) continue
        const path = segmentsOf(fetched.url)
        const page = pageOfReading(reading.right, path.length === 0 ? "Home" : titleFromName(path[path.length - 1]!))
        if (page !== undefined) found.push({ path, title: page.title, markdown: page.markdown ?? "" })
        if (depth >= limits.maxDepth) continue
        for (const link of reading.right.links) {
          const url = new URL(link)
          if (url.origin !== origin || url.search !== "" || notAPage.test(url.pathname) || seen.has(pageKey(link))) continue
          if (fetches + next.length >= limits.maxFetches) break
          seen.add(pageKey(link))
          next.push({ url: withCredentialsOf(startUrl, url), depth: depth + 1 })
        }
      }
      fetches += next.length
      frontier = next
    }
    if (found.length === 0) return yield* new NothingToImport({ message: `${redactUrl(start)} and the pages it links to show no content` })
    return yield* pagesByPath(found, { groups: false })
  })
