import {
  type DomainError,
  joinPath,
  MAX_LIMIT,
  NotFound,
  type ReaderSiteSpace,
  SEARCH_DEFAULT_LIMIT,
  siteSpacesOf,
  validate
} from "@quire/core"
import { Effect, type Schema } from "effect"
import { inputSchemaOf, oneOf, type Tool, type ToolOutput } from "../../mcp/tools.js"
import type { PageEntry } from "../navigation.js"
import { markdownHref } from "../siteTexts.js"
import { everySiteSpace, listedPages, type OpenedSite, pagesOf, pathOnSite, readByPath, servedMarkdown, siteSpaceRoot } from "./sitePages.js"
import { ListPagesInput, SiteReadPageInput, SiteSearchInput } from "./siteToolInputs.js"

/** A tool of a published site's MCP server: it reads the site as the visitor is shown it. */
export interface SiteTool {
  readonly name: string
  readonly description: string
  readonly inputSchema: Tool["inputSchema"]
  readonly call: (opened: OpenedSite, args: unknown) => Effect.Effect<ToolOutput, DomainError>
}

const siteTool = <A, I>(
  name: string,
  description: string,
  input: Schema.Schema<A, I, never>,
  run: (opened: OpenedSite, input: A) => Effect.Effect<ToolOutput, DomainError>
): SiteTool => ({
  name,
  description,
  inputSchema: inputSchemaOf(input),
  call: (opened, args) => Effect.flatMap(validate(input)(args ?? {}), (decoded) => run(opened, decoded))
})

const asJson = (value: unknown): ToolOutput => ({ text: JSON.stringify(value) })

/** The site space showing each space, the first in navigation order (several may show one space). */
const siteSpaceBySpace = (opened: OpenedSite) => {
  const bySpace = new Map<string, ReaderSiteSpace>()
  for (const siteSpace of siteSpacesOf(opened.site)) if (!bySpace.has(siteSpace.spaceId)) bySpace.set(siteSpace.spaceId, siteSpace)
  return bySpace
}

/** A section's anchor in a search result's path (`page#anchor`), on the page's URL. */
const sectionUrl = (pageUrl: string, sectionPath: string) => {
  const hash = sectionPath.indexOf("#")
  return hash === -1 ? pageUrl : `${pageUrl}#${sectionPath.slice(hash + 1)}`
}

const search = siteTool(
  "search",
  "Full-text search of this site's pages. Answers each matching page's title, URL and path on the site (for read_page), with the matching sections' snippets.",
  SiteSearchInput,
  (opened, input) =>
    Effect.gen(function* () {
      const bySpace = siteSpaceBySpace(opened)
      // As the reader's search page: pages kept out of search (`noIndex`) are left out; the
      // search asks for as many more as there are, so that `limit` pages are left when they match.
      const searchable = new Map<string, ReadonlyMap<string, PageEntry>>()
      let unsearchable = 0
      for (const [spaceId, siteSpace] of bySpace) {
        const entries = yield* pagesOf(opened, siteSpace)
        unsearchable += entries.filter((e) => e.noIndex).length
        searchable.set(spaceId, new Map(entries.filter((e) => !e.noIndex).map((e) => [e.id, e])))
      }
      const limit = input.limit ?? SEARCH_DEFAULT_LIMIT
      const found = yield* opened.reader.search(opened.site, { query: input.query, limit: Math.min(MAX_LIMIT, limit + unsearchable) })
      const results = []
      for (const item of found.items) {
        const siteSpace = bySpace.get(item.id)
        const entries = searchable.get(item.id)
        if (siteSpace === undefined || entries === undefined) continue
        for (const page of item.pages) {
          const entry = entries.get(page.id)
          if (entry === undefined || results.length === limit) continue
          results.push({
            title: page.title,
            url: entry.href,
            path: pathOnSite(siteSpace, entry),
            siteSpace: siteSpace.title,
            sections: page.sections.map((section) => ({ title: section.title, url: sectionUrl(entry.href, section.path), snippet: section.body }))
          })
        }
      }
      return asJson({ results })
    })
)

/** The page with `pageId` in `siteSpaceId`, or in the first site space the visitor is shown that has it. */
const readById = (opened: OpenedSite, pageId: string, siteSpaceId: string | undefined) =>
  Effect.gen(function* () {
    const all = siteSpacesOf(opened.site)
    const candidates = siteSpaceId === undefined ? all : all.filter((s) => s.id === siteSpaceId)
    if (candidates.length === 0) return yield* Effect.fail(NotFound.of("Site space", siteSpaceId ?? ""))
    return yield* Effect.firstSuccessOf(
      candidates.map((siteSpace) => Effect.flatMap(opened.reader.pageById(siteSpace, pageId), (read) => servedMarkdown(opened, siteSpace, read)))
    )
  })

const readPage = siteTool(
  "read_page",
  "Read a page of this site as markdown, by its path (or URL) on the site, or by its id.",
  SiteReadPageInput,
  (opened, input) =>
    Effect.gen(function* () {
      yield* oneOf(["path", input.path], ["pageId", input.pageId])
      return {
        text: input.pageId !== undefined ? yield* readById(opened, input.pageId, input.siteSpaceId) : yield* readByPath(opened, input.path ?? "")
      }
    })
)

const listPages = siteTool(
  "list_pages",
  "List this site's pages: its sections, their site spaces (variants), and each one's pages in navigation order with their title, path, URL and description.",
  ListPagesInput,
  (opened) =>
    Effect.gen(function* () {
      const groups = yield* everySiteSpace(opened)
      return asJson({
        title: opened.site.site.title,
        url: opened.base,
        sections: opened.site.sections.map((section) => ({
          title: section.title,
          url: joinPath(opened.base, section.urlPath),
          siteSpaces: section.siteSpaces.map((siteSpace) => ({
            id: siteSpace.id,
            title: siteSpace.title,
            url: siteSpaceRoot(opened, siteSpace),
            pages: (groups.find((g) => g.siteSpace.id === siteSpace.id)?.pages ?? []).filter(listedPages).map((page) => ({
              id: page.id,
              title: page.title,
              path: pathOnSite(siteSpace, page),
              url: page.href,
              markdownUrl: markdownHref(page, siteSpaceRoot(opened, siteSpace)),
              ...(page.description === undefined || page.description === "" ? {} : { description: page.description })
            }))
          }))
        }))
      })
    })
)

/** The site's MCP tools, all reads. */
export const siteTools: ReadonlyArray<SiteTool> = [search, readPage, listPages]

export const siteToolsByName: ReadonlyMap<string, SiteTool> = new Map(siteTools.map((t) => [t.name, t]))
