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

/** Scores are the engine's (never below 0 on the wire, as the spec's `SearchResultScore`). */
const score = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0)

const renderSection = (urls: ContentUrls, page: PageValue, path: string, section: SectionHit, terms: ReadonlyArray<SearchTerm>): SearchSectionResult => {
  const lead = section.anchor === ""
  const sectionPath = lead ? path : `${path}#${section.anchor}`
  return {
    id: lead ? page.id : `${page.id}#${section.anchor}`,
    title: lead ? page.title : section.heading,
    path: sectionPath,
    score: score(section.score),
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
    score: score(hit.score),
    rank,
    resultType: hit.sections[0]?.anchor === "" ? "page" : "section",
    sections: hit.sections.map((section) => renderSection(urls, page, path, section, terms)),
    ancestors: chain.slice(0, -1).map((p) => ({ title: p.title })),
    urls: { app: urls.page(page.id, path) }
  }
}
