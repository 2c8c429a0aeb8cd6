import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import {
  joinPath,
  locatePath,
  type LocatedPath,
  type NotFound,
  type ReaderSite,
  type ReaderSiteSpace,
  SiteReader,
  siteSpacesOf,
  Urls
} from "@quire/core"
import { Context, Effect, Layer } from "effect"
import { isolated } from "../isolated.js"
import { renderNotFoundHtml, renderPageHtml, renderSearchHtml } from "./html/layout.js"
import type { ReaderSearchView } from "./html/views.js"
import { chromeOf, documentPages, neighbours, SEARCH_SEGMENT, sidebarOf } from "./navigation.js"
import { type ReaderRoute, readerRoute } from "./readerRoute.js"
import { makeRenderedBodies, type RenderedBody, renderedBody } from "./renderedBodies.js"
import { llmsFullTxt, llmsTxt, markdownHref, robotsTxt, type SiteSpacePages, sitemapXml } from "./siteTexts.js"
import { type CookieToSet, cookiesFromLink, credentialsOf } from "./visitorCookies.js"

/**
 * The published-site reader: every site's pages as HTML (`<site>/<page path>`), as markdown
 * (`.md`), its search (`<site space>/~search?q=`), `llms.txt`, `llms-full.txt`, `sitemap.xml`
 * and `robots.txt`, for anyone the site's visibility admits, without an API token.
 */
export class SiteReaderEndpoint extends Context.Tag("@quire/http/SiteReaderEndpoint")<
  SiteReaderEndpoint,
  {
    /** The reader's answer to `request`, or undefined (at no cost) when it is not a reader URL. */
    readonly answer: (request: HttpServerRequest.HttpServerRequest) => Effect.Effect<HttpServerResponse.HttpServerResponse> | undefined
  }
>() {}

const HTML = "text/html; charset=utf-8"
const MARKDOWN = "text/markdown; charset=utf-8"
const TEXT = "text/plain; charset=utf-8"
const XML = "application/xml; charset=utf-8"

/** What the reader keeps of rendered bodies, at most. */
const KEPT_BYTES = 64 * 1024 * 1024

const methodNotAllowed = HttpServerResponse.text("A published site answers GET and HEAD only", {
  status: 405,
  headers: { allow: "GET, HEAD" }
})

export const siteReaderEndpointLayer = Layer.effect(
  SiteReaderEndpoint,
  Effect.gen(function* () {
    const reader = yield* SiteReader
    const urls = yield* Urls
    const publicUrl = new URL(urls.base)
    const secure = publicUrl.protocol === "https:"
    const bodies = makeRenderedBodies(KEPT_BYTES)

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
        const view = {
          ...chromeOf(site, route.base, located, read.page.noRobotsIndex === true),
          sidebar: sidebarOf(route.base, located.siteSpace, tree, read.page.id),
          page: {
            title: read.page.title,
            description: read.page.description,
            markdown: read.body,
            markdownHref: entry === undefined ? `${root}/${read.page.path}.md` : markdownHref(entry, root),
            canonicalUrl: joinPath(site.url, located.siteSpace.urlPath, entry?.href === root ? "" : read.page.path)
          },
          ...neighbours(entries, read.page.id)
        }
        return renderedBody(site.version, 200, HTML, renderPageHtml(view))
      })

    const markdownBody = (site: ReaderSite, located: LocatedPath) =>
      Effect.map(reader.page(located.siteSpace, located.pagePath), (read) => renderedBody(site.version, 200, MARKDOWN, read.markdown))

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
            if (read._tag === "Right") pages.push({ entry, markdown: read.right.markdown })
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
      return kept(key, orNotFound(located)(markdown ? markdownBody(site, located) : pageBody(site, route, located)))
    }

    const respond = (request: HttpServerRequest.HttpServerRequest, body: RenderedBody, cookies: ReadonlyArray<CookieToSet>, site?: ReaderSite) => {
      const headers: Record<string, string> = {
        "content-type": body.contentType,
        etag: body.etag,
        "cache-control": site === undefined || site.site.visibility === "public" || site.site.visibility === "unlisted" ? "no-cache" : "private, no-cache"
      }
      if (site?.site.visibility === "unlisted") headers["x-robots-tag"] = "noindex"
      const response =
        body.status === 200 && request.headers["if-none-match"]?.includes(body.etag) === true
          ? HttpServerResponse.empty({ status: 304, headers })
          : HttpServerResponse.uint8Array(body.body, { status: body.status, headers })
      return cookies.length === 0 ? response : HttpServerResponse.unsafeSetCookies(response, cookies)
    }

    const answerRoute = (request: HttpServerRequest.HttpServerRequest, route: ReaderRoute) =>
      Effect.gen(function* () {
        const credentials = credentialsOf(route.query, request.headers.cookie)
        const cookies = cookiesFromLink(route.query, new URL(route.base).pathname, secure)
        const opened = yield* Effect.either(reader.open(route.location, credentials))
        if (opened._tag === "Left") {
          if (route.rest === "robots.txt") return respond(request, renderedBody("robots", 200, TEXT, robotsTxt(route.base, false)), [])
          const error = opened.left
          const status = error._tag === "Unauthorized" ? 401 : 404
          const body =
            status === 401
              ? renderedBody("401", 401, HTML, renderNotFoundHtml({ path: route.rest, status: 401, message: "This site is for authenticated visitors: open it through your sign-in link." }))
              : notFoundBody(undefined, route, undefined)
          return respond(request, body, [])
        }
        const site = opened.right
        if (route.rest === "robots.txt") {
          return respond(request, renderedBody("robots", 200, TEXT, robotsTxt(route.base, site.site.visibility === "public")), cookies, site)
        }
        return respond(request, yield* siteBody(site, route), cookies, site)
      }).pipe(
        Effect.catchAllCause((cause) =>
          Effect.as(Effect.logError("The site reader failed", cause), HttpServerResponse.text("The site could not be read", { status: 500 }))
        )
      )

    return {
      answer: (request) => {
        const route = readerRoute(publicUrl, request.headers.host, request.url)
        if (route === undefined) return undefined
        if (request.method !== "GET" && request.method !== "HEAD") return Effect.succeed(methodNotAllowed)
        return answerRoute(request, route)
      }
    }
  })
)

/** The reader built among only the services it uses (see `isolated`). */
export const SiteReaderEndpointLive = isolated(siteReaderEndpointLayer, [SiteReader, Urls])
