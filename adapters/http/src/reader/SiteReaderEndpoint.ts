import { Cookies, type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { IncomingMessage, ServerResponse } from "node:http"
import {
  joinPath,
  locatePath,
  type LocatedPath,
  type NotFound,
  type ReaderSite,
  type ReaderSiteSpace,
  SiteReader,
  siteSpacesOf,
  StorageChanges,
  Urls
} from "@quire/core"
import { Context, Effect, Layer } from "effect"
import { type InputLimitOptions, InputLimits } from "../input/InputLimits.js"
import { isolated } from "../isolated.js"
import type { NodeFastLane } from "../node/NodeFastLane.js"
import { type FastAnswer, fastKey, type HeldAnswer, held, writeFastAnswer } from "./fastAnswers.js"
import { renderNotFoundHtml, renderPageHtml, renderSearchHtml } from "./html/layout.js"
import type { ReaderSearchView } from "./html/views.js"
import { makeSiteMcp, SITE_MCP_PATH } from "./mcp/SiteMcp.js"
import { chromeOf, documentPages, neighbours, SEARCH_SEGMENT, sidebarOf } from "./navigation.js"
import { type ReaderRoute, readerRoute, SITES_PREFIX } from "./readerRoute.js"
import { FILES_SEGMENT, linkReaderMarkdown } from "./readerLinks.js"
import { fileDownload } from "../content/fileDownload.js"
import { makeRenderedBodies, type RenderedBody, renderedBody } from "./renderedBodies.js"
import { llmsFullTxt, llmsTxt, markdownHref, robotsTxt, type SiteSpacePages, sitemapXml } from "./siteTexts.js"
import { type CookieToSet, cookiesFromLink, credentialsOf } from "./visitorCookies.js"

/**
 * The published-site reader: every site's pages as HTML (`<site>/<page path>`), as markdown
 * (`.md`), its search (`<site space>/~search?q=`), `llms.txt`, `llms-full.txt`, `sitemap.xml`
 * and `robots.txt`, for anyone the site's visibility admits, without an API token; and its
 * read-only MCP server at `<site>/~gitbook/mcp` (`makeSiteMcp`).
 */
export class SiteReaderEndpoint extends Context.Tag("@quire/http/SiteReaderEndpoint")<
  SiteReaderEndpoint,
  {
    /** The reader's answer to `request`, or undefined (at no cost) when it is not a reader URL. */
    readonly answer: (request: HttpServerRequest.HttpServerRequest) => Effect.Effect<HttpServerResponse.HttpServerResponse> | undefined
    /** The answers it already holds, for `NodeServer` to give before any Effect runs (see `NodeFastLane`). */
    readonly fastLane: NodeFastLane["Type"]
  }
>() {}

const HTML = "text/html; charset=utf-8"
const MARKDOWN = "text/markdown; charset=utf-8"
const TEXT = "text/plain; charset=utf-8"
const XML = "application/xml; charset=utf-8"

/** The reader's pages run no script, embed nothing, and send forms (search) only to themselves. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'"

/** What the reader keeps of rendered bodies, at most. */
const KEPT_BYTES = 64 * 1024 * 1024

const methodNotAllowed = HttpServerResponse.text("A published site answers GET and HEAD only", {
  status: 405,
  headers: { allow: "GET, HEAD" }
})

export const siteReaderEndpointLayer = (limits: InputLimitOptions) => Layer.effect(
  SiteReaderEndpoint,
  Effect.gen(function* () {
    const reader = yield* SiteReader
    const mcp = yield* makeSiteMcp(limits)
    const urls = yield* Urls
    const publicUrl = new URL(urls.base)
    const publicHost = publicUrl.host
    const secure = publicUrl.protocol === "https:"
    const bodies = makeRenderedBodies(KEPT_BYTES)
    const fastAnswers = makeRenderedBodies<HeldAnswer>(KEPT_BYTES)
    const changes = yield* StorageChanges

    /** A body kept under `key`, made by `make` when it is not. */
    const kept = <E>(key: string, make: Effect.Effect<RenderedBody, E>) => {
      const found = bodies.get(key)
      return found !== undefined ? Effect.succeed(found) : Effect.tap(make, (made) => Effect.sync(() => bodies.set(key, made)))
    }

    const pagesOf = (siteSpace: ReaderSiteSpace, route: ReaderRoute) =>
      Effect.map(reader.pages(siteSpace), (tree) => ({ tree, entries: documentPages(route.base, siteSpace, tree) }))

    const everyPage = (site: ReaderSite, route: ReaderRoute) =>
      Effect.forEach(site.sections, (section) =>
        Effect.forEach(section.siteSpaces, (siteSpace) =>
          Effect.map(pagesOf(siteSpace, route), ({ entries }): SiteSpacePages => ({ siteSpace, sectionTitle: section.title, pages: entries }))
        )
      ).pipe(Effect.map((groups) => groups.flat()))

    const siteSpaceRoot = (route: ReaderRoute) => (siteSpace: ReaderSiteSpace) => joinPath(route.base, siteSpace.urlPath)

    const notFoundBody = (site: ReaderSite | undefined, route: ReaderRoute, located: LocatedPath | undefined) =>
      renderedBody(
        "404",
        404,
        HTML,
        renderNotFoundHtml({
          chrome: site === undefined || located === undefined ? undefined : chromeOf(site, route.base, located, true),
          path: route.rest
        })
      )

    const pageBody = (site: ReaderSite, route: ReaderRoute, located: LocatedPath) =>
      Effect.gen(function* () {
        const { tree, entries } = yield* pagesOf(located.siteSpace, route)
        const read = yield* reader.page(located.siteSpace, located.pagePath)
        const entry = entries.find((e) => e.id === read.page.id)
        const root = siteSpaceRoot(route)(located.siteSpace)
        const body = linkReaderMarkdown(entries, root)(read.body)
        const view = {
          ...chromeOf(site, route.base, located, read.page.noRobotsIndex === true),
          sidebar: sidebarOf(route.base, located.siteSpace, tree, read.page.id),
          page: {
            title: read.page.title,
            description: read.page.description,
            markdown: body,
            markdownHref: entry === undefined ? `${root}/${read.page.path}.md` : markdownHref(entry, root),
            canonicalUrl: joinPath(site.url, located.siteSpace.urlPath, entry?.href === root ? "" : read.page.path)
          },
          ...neighbours(entries, read.page.id)
        }
        return renderedBody(site.version, 200, HTML, renderPageHtml(view))
      })

    /** A page's markdown with the reader's links (see `readerMarkdown`). */
    const linkedMarkdown = (route: ReaderRoute, siteSpace: ReaderSiteSpace, markdown: string) =>
      Effect.map(pagesOf(siteSpace, route), ({ entries }) => linkReaderMarkdown(entries, siteSpaceRoot(route)(siteSpace))(markdown))

    const markdownBody = (site: ReaderSite, route: ReaderRoute, located: LocatedPath) =>
      Effect.gen(function* () {
        const read = yield* reader.page(located.siteSpace, located.pagePath)
        return renderedBody(site.version, 200, MARKDOWN, yield* linkedMarkdown(route, located.siteSpace, read.markdown))
      })

    const searchBody = (site: ReaderSite, route: ReaderRoute, located: LocatedPath) =>
      Effect.gen(function* () {
        const query = (route.query.get("q") ?? "").trim()
        const { tree } = yield* pagesOf(located.siteSpace, route)
        const bySpace = new Map<string, ReaderSiteSpace>()
        for (const s of [...located.section.siteSpaces, ...siteSpacesOf(site)]) if (!bySpace.has(s.spaceId)) bySpace.set(s.spaceId, s)
        const found = query === "" ? { items: [] } : yield* Effect.orElseSucceed(reader.search(site, { query, limit: 20 }), () => ({ items: [] }))
        const groups: Array<ReaderSearchView["groups"][number]> = []
        for (const item of found.items) {
          const siteSpace = bySpace.get(item.id)
          if (siteSpace === undefined) continue
          const { entries } = yield* pagesOf(siteSpace, route)
          const listed = new Map(entries.filter((e) => !e.noIndex).map((e) => [e.id, e]))
          const pages = item.pages.flatMap((page) => {
            const entry = listed.get(page.id)
            if (entry === undefined) return []
            return [
              {
                title: page.title,
                href: entry.href,
                sections: page.sections.map((section) => ({
                  title: section.title,
                  href: section.path.includes("#") ? `${entry.href}#${section.path.slice(section.path.indexOf("#") + 1)}` : entry.href,
                  snippet: section.body
                }))
              }
            ]
          })
          if (pages.length > 0) groups.push({ title: siteSpace.title, pages })
        }
        const view: ReaderSearchView = {
          ...chromeOf(site, route.base, located, true, query),
          sidebar: sidebarOf(route.base, located.siteSpace, tree, undefined),
          query,
          groups
        }
        return renderedBody(`${site.version}|search|${query}`, 200, HTML, renderSearchHtml(view))
      })

    const llmsFullBody = (site: ReaderSite, route: ReaderRoute) =>
      Effect.gen(function* () {
        const groups = yield* everyPage(site, route)
        const pages = []
        for (const group of groups) {
          for (const entry of group.pages) {
            if (entry.hidden || entry.noIndex) continue
            const read = yield* Effect.either(reader.pageById(group.siteSpace, entry.id))
            if (read._tag === "Right") pages.push({ entry, markdown: yield* linkedMarkdown(route, group.siteSpace, read.right.markdown) })
          }
        }
        return renderedBody(site.version, 200, TEXT, llmsFullTxt(site, pages))
      })

    /** What a site answers at `route`, for a visitor it admitted. */
    const siteBody = (site: ReaderSite, route: ReaderRoute): Effect.Effect<RenderedBody> => {
      const key = `${site.version}\u0000${route.base}\u0000${route.rest}`
      const orNotFound = (located: LocatedPath | undefined) => (effect: Effect.Effect<RenderedBody, NotFound>) =>
        Effect.catchTag(effect, "NotFound", () => Effect.succeed(notFoundBody(site, route, located)))
      switch (route.rest) {
        case "llms.txt":
          return kept(key, Effect.map(everyPage(site, route), (groups) => renderedBody(key, 200, TEXT, llmsTxt(site, groups, siteSpaceRoot(route)))))
        case "llms-full.txt":
          return kept(key, llmsFullBody(site, route))
        case "sitemap.xml":
          return kept(key, Effect.map(everyPage(site, route), (groups) => renderedBody(key, 200, XML, sitemapXml(site, groups))))
      }
      const markdown = route.rest.endsWith(".md")
      const located = locatePath(site, markdown ? route.rest.slice(0, -3) : route.rest)
      if (located === undefined) return Effect.succeed(notFoundBody(site, route, undefined))
      if (located.pagePath === SEARCH_SEGMENT && !markdown) return orNotFound(located)(searchBody(site, route, located))
      if (located.pagePath.startsWith(`${FILES_SEGMENT}/`)) return Effect.succeed(notFoundBody(site, route, located))
      return kept(key, orNotFound(located)(markdown ? markdownBody(site, route, located) : pageBody(site, route, located)))
    }

    /** A `<site space>/~files/<id>` request's site space and file. */
    const fileOf = (site: ReaderSite, route: ReaderRoute) => {
      const located = locatePath(site, route.rest)
      if (located === undefined || !located.pagePath.startsWith(`${FILES_SEGMENT}/`)) return undefined
      const id = located.pagePath.slice(FILES_SEGMENT.length + 1)
      return id === "" || id.includes("/") ? undefined : { siteSpace: located.siteSpace, id }
    }

    /** The whole answer to a reader request: what `respond` sends, and what the fast lane keeps. */
    const answerOf = (body: RenderedBody, cookies: ReadonlyArray<CookieToSet>, site?: ReaderSite): FastAnswer => {
      const headers: Record<string, string | ReadonlyArray<string>> = {
        "content-type": body.contentType,
        etag: body.etag,
        "cache-control": site === undefined || site.site.visibility === "public" || site.site.visibility === "unlisted" ? "no-cache" : "private, no-cache"
      }
      if (site?.site.visibility === "unlisted") headers["x-robots-tag"] = "noindex"
      // Defence in depth beside the sanitizer: nothing a page holds may run script or load a frame.
      if (body.contentType === HTML) headers["content-security-policy"] = PAGE_POLICY
      if (cookies.length > 0) headers["set-cookie"] = Cookies.toSetCookieHeaders(Cookies.fromIterable(cookies.map(([name, value, options]) => Cookies.unsafeMakeCookie(name, value, options))))
      return { status: body.status, etag: body.etag, headers, body: body.body, mark: "" }
    }

    const respond = (request: HttpServerRequest.HttpServerRequest, body: RenderedBody, cookies: ReadonlyArray<CookieToSet>, site?: ReaderSite) => {
      const answer = answerOf(body, cookies, site)
      const { "set-cookie": _, ...headers } = answer.headers as Record<string, string>
      const response =
        body.status === 200 && request.headers["if-none-match"]?.includes(body.etag) === true
          ? HttpServerResponse.empty({ status: 304, headers })
          : HttpServerResponse.uint8Array(body.body, { status: body.status, headers })
      return { answer, response: cookies.length === 0 ? response : HttpServerResponse.unsafeSetCookies(response, cookies) }
    }

    /**
     * The answer to a reader request, kept for the fast lane when it may be given again as it is
     * until storage changes: under the storage mark taken before anything was read, so a change
     * made while it was made leaves it stale. A visitor-auth site's answers are not kept (a
     * visitor token expires without a write), nor files (their downloads have their own tags).
     */
    const answerRoute = (request: HttpServerRequest.HttpServerRequest, route: ReaderRoute) =>
      Effect.map(answerOnce(request, route, changes.mark()), ({ answer, response }) => {
        if (answer !== undefined) fastAnswers.set(fastKey(request.headers.host, request.url, request.headers.cookie), held(answer))
        return response
      })

    const answerOnce = (request: HttpServerRequest.HttpServerRequest, route: ReaderRoute, mark: string) =>
      Effect.gen(function* () {
        const kept = (sent: ReturnType<typeof respond>, site?: ReaderSite) => ({
          answer: site?.site.visibility === "visitor-auth" || sent.answer.status >= 500 ? undefined : { ...sent.answer, mark },
          response: sent.response
        })
        const credentials = credentialsOf(route.query, request.headers.cookie)
        const cookies = cookiesFromLink(route.query, route.sitePath, secure)
        const opened = yield* Effect.either(reader.open(route.location, credentials))
        if (opened._tag === "Left") {
          if (route.rest === "robots.txt") return kept(respond(request, renderedBody("robots", 200, TEXT, robotsTxt(route.base, false)), []))
          const error = opened.left
          const status = error._tag === "Unauthorized" ? 401 : 404
          const body =
            status === 401
              ? renderedBody("401", 401, HTML, renderNotFoundHtml({ path: route.rest, status: 401, message: "This site is for authenticated visitors: open it through your sign-in link." }))
              : notFoundBody(undefined, route, undefined)
          return status === 401 ? { answer: undefined, response: respond(request, body, []).response } : kept(respond(request, body, []))
        }
        const site = opened.right
        if (route.rest === "robots.txt") {
          return kept(respond(request, renderedBody("robots", 200, TEXT, robotsTxt(route.base, site.site.visibility === "public")), cookies, site), site)
        }
        const file = fileOf(site, route)
        if (file !== undefined) {
          const found = yield* Effect.either(reader.file(file.siteSpace, file.id))
          if (found._tag === "Right") return { answer: undefined, response: fileDownload(found.right, request.headers["if-none-match"]) }
          return kept(respond(request, notFoundBody(site, route, undefined), cookies, site), site)
        }
        return kept(respond(request, yield* siteBody(site, route), cookies, site), site)
      }).pipe(
        Effect.catchAllCause((cause) =>
          Effect.as(Effect.logError("The site reader failed", cause), {
            answer: undefined,
            response: HttpServerResponse.text("The site could not be read", { status: 500 })
          })
        )
      )

    const fastLane = {
      answer: (request: IncomingMessage, response: ServerResponse): boolean => {
        if (fastAnswers.size === 0 || (request.method !== "GET" && request.method !== "HEAD")) return false
        // The API's requests (on the public host, outside /sites/) pass at the cost of two comparisons.
        if (request.headers.host === publicHost && request.url?.startsWith(SITES_PREFIX) !== true) return false
        const found = fastAnswers.get(fastKey(request.headers.host, request.url ?? "", request.headers.cookie))
        if (found === undefined || found.answer.mark !== changes.mark()) return false
        writeFastAnswer(found, request, response)
        return true
      }
    }

    return {
      fastLane,
      answer: (request) => {
        const route = readerRoute(publicUrl, request.headers.host, request.url)
        if (route === undefined) return undefined
        if (route.rest === SITE_MCP_PATH) return mcp.answer(request, route)
        if (request.method !== "GET" && request.method !== "HEAD") return Effect.succeed(methodNotAllowed)
        return answerRoute(request, route)
      }
    }
  })
)

/**
 * The reader (and its sites' MCP servers) under the `InputLimits` in force where it is built,
 * built among only the services it uses (see `isolated`).
 */
export const SiteReaderEndpointLive = Layer.unwrapEffect(
  Effect.contextWith((context: Context.Context<never>) =>
    isolated(siteReaderEndpointLayer(Context.get(context as Context.Context<InputLimits>, InputLimits)), [SiteReader, Urls, StorageChanges])
  )
)
