import type { ContentUrls } from "../content/tree/render/ContentUrls.js"
import type { PageValue } from "../content/tree/objects.js"
import type { PageHit, SearchTerm, SectionHit } from "../storage/search/SearchRecords.js"
import type { SearchPageResult, SearchSectionResult } from "./SearchResult.js"
import { snippet } from "./snippet.js"

/** A page hit with the pages from the root level down to it, in the revision searched. */
export interface LocatedHit {
  readonly hit: PageHit
  readonly chain: ReadonlyArray<PageValue>
}

/**
 * The score on the wire follows the ranking only: `1 / rank` for a page, divided again by a
 * section's place in its page. An engine's own score is computed over every organization's
 * content (how rare a word is), so showing it would tell one tenant about another's.
 */
const pageScore = (rank: number) => 1 / rank

const renderSection = (
  urls: ContentUrls,
  page: PageValue,
  path: string,
  section: SectionHit,
  terms: ReadonlyArray<SearchTerm>,
  score: number
): SearchSectionResult => {
  const lead = section.anchor === ""
  const sectionPath = lead ? path : `${path}#${section.anchor}`
  return {
    id: lead ? page.id : `${page.id}#${section.anchor}`,
    title: lead ? page.title : section.heading,
    path: sectionPath,
    score,
    resultType: lead ? "page" : "section",
    body: snippet(section.body, terms),
    urls: { app: lead ? urls.page(page.id, path) : `${urls.page(page.id, path)}#${encodeURIComponent(section.anchor)}` }
  }
}

/** A page of the results: `rank` is its place in the whole ranking (from 1). */
export const renderPageHit = (urls: ContentUrls, located: LocatedHit, terms: ReadonlyArray<SearchTerm>, rank: number): SearchPageResult => {
  const { hit, chain } = located
  const page = chain[chain.length - 1]!
  const path = chain.map((p) => p.slug ?? "").join("/")
  return {
    id: page.id,
    title: page.title,
    description: page.description ?? "",
    path,
    score: pageScore(rank),
    rank,
    resultType: hit.sections[0]?.anchor === "" ? "page" : "section",
    sections: hit.sections.map((section, i) => renderSection(urls, page, path, section, terms, pageScore(rank) / (i + 1))),
    ancestors: chain.slice(0, -1).map((p) => ({ title: p.title })),
    urls: { app: urls.page(page.id, path) }
  }
}
