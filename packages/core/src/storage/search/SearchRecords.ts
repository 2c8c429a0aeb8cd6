import type { RevisionId, SpaceId } from "../../shared/ids.js"

/**
 * Text as the index matches it: tokens (runs of letters and digits, folded to lower case with
 * their diacritics removed; each CJK character a token of its own) joined by single spaces.
 * The core makes it (`content/search/searchTokens.ts`), so every engine matches the same words.
 */
export type TokenText = string

/**
 * One section of a page, the unit the index keeps: the page's lead (its title, description and
 * the text before its first heading, `anchor` `""`) or one heading and the text under it.
 */
export interface IndexedSection {
  readonly pageId: string
  /** The heading's anchor in the page; `""` for the lead. */
  readonly anchor: string
  /** The heading's text as written (the page's title for the lead): what a result shows. */
  readonly heading: string
  /** The section's plain text on one line (`flatText`): where a result's snippet is cut from. */
  readonly body: string
  /** What the engine matches, by weight: the page's title first, then the heading, then the body. */
  readonly terms: {
    readonly title: TokenText
    readonly heading: TokenText
    readonly body: TokenText
  }
}

/** A space's sections moved to one revision: the pages to drop, and the pages to (re)write whole. */
export interface IndexChange {
  readonly spaceId: SpaceId
  readonly revisionId: RevisionId
  /** Drop every section of the space first: a full index (the first, or after a lost revision). */
  readonly replaceAll: boolean
  /** Pages whose sections are all removed (deleted pages, and pages no longer indexed). */
  readonly removedPages: ReadonlyArray<string>
  /** Pages whose sections are replaced by these (a page listed with no section is removed). */
  readonly pages: ReadonlyArray<{ readonly pageId: string; readonly sections: ReadonlyArray<IndexedSection> }>
}

/**
 * One term of a query: a word (a token, possibly a prefix) or a phrase (tokens next to each
 * other in one field). Tokens are already normalized, and are never engine syntax: an adapter
 * quotes each one as a literal.
 */
export type SearchTerm =
  | { readonly _tag: "Word"; readonly token: string; readonly prefix: boolean }
  | { readonly _tag: "Phrase"; readonly tokens: ReadonlyArray<string> }

/** Every term must match in one section (in any of its fields; a phrase within one field). */
export interface SearchQuery {
  readonly terms: ReadonlyArray<SearchTerm>
}

export interface SectionHit {
  readonly anchor: string
  readonly heading: string
  readonly body: string
  /** The engine's relevance: higher is better; comparable only within one answer. */
  readonly score: number
}

/** A page with matching sections: its best sections first (at most `MAX_SECTIONS_PER_PAGE`). */
export interface PageHit {
  readonly spaceId: SpaceId
  readonly pageId: string
  /** The best section's score. */
  readonly score: number
  readonly sections: ReadonlyArray<SectionHit>
}

/** How many matching sections a page hit carries. */
export const MAX_SECTIONS_PER_PAGE = 3

/**
 * The most matching sections an engine ranks for one query: past it (a word in most sections,
 * such as `the`), the first this many in the engine's own order are ranked and the rest left
 * out, so that a query costs at most this many scores, however common its words.
 */
export const RANKED_SECTIONS = 2_000

/** A space whose index is not at its current revision. */
export interface StaleSpace {
  readonly spaceId: SpaceId
  readonly revisionId: RevisionId
}
