/**
 * What the published-site reader's HTML is made from: plain values the reader's routes compute
 * (site, navigation, page), which the templates in this folder turn into whole documents. Every
 * `href` is already the final URL (absolute path on the reader's origin); every text is raw
 * (the templates escape it).
 */

/** A site's look, from its customizations. */
export interface ReaderSiteLook {
  readonly title: string
  /** The site's root (the default section's default site space's first page). */
  readonly homeHref: string
  /** `#RRGGBB`, for light and dark themes. */
  readonly primaryColor: { readonly light: string; readonly dark: string }
  /** `system` follows the browser (`prefers-color-scheme`). */
  readonly theme: "light" | "dark" | "system"
  /** An icon's URL, or none. */
  readonly faviconHref?: string | undefined
  /** The BCP 47 language of the site (`<html lang>`). */
  readonly locale: string
}

/** A link among several, one of which may be where the reader is. */
export interface ReaderLink {
  readonly title: string
  readonly href: string
  readonly current: boolean
}

/** An entry of the sidebar's page tree: a document page (with `href`), a group (none) or an external link. */
export interface ReaderNavEntry {
  readonly title: string
  readonly href?: string | undefined
  /** An external link page (opens elsewhere). */
  readonly external: boolean
  /** The page being read. */
  readonly current: boolean
  /** The page being read is this entry or under it (the tree is open down to it). */
  readonly open: boolean
  readonly pages: ReadonlyArray<ReaderNavEntry>
}

/** What every reader document shares: the site, its section tabs, its variants, and where search goes. */
export interface ReaderChrome {
  readonly site: ReaderSiteLook
  /** `unlisted` sites, `noIndex` pages: `<meta name="robots" content="noindex">`. */
  readonly noIndex: boolean
  /** The site's sections, as tabs; none when the site has no sections (or only one). */
  readonly sections: ReadonlyArray<ReaderLink>
  /** The current section's site spaces (variants); shown only when there are two or more. */
  readonly variants: ReadonlyArray<ReaderLink>
  /** The search form's action (GET, the query in `q`): the current site space's search. */
  readonly searchHref: string
  /** The query in the search box, if any. */
  readonly query?: string | undefined
}

export interface ReaderPageView extends ReaderChrome {
  readonly sidebar: ReadonlyArray<ReaderNavEntry>
  readonly page: {
    readonly title: string
    readonly description?: string | undefined
    /** The page's body in markdown, without its title heading (rendered, sanitized, by `markdownToHtml`). */
    readonly markdown: string
    /** Where the page's markdown is (`<page URL>.md`). */
    readonly markdownHref: string
    /** The canonical URL of the page, absolute. */
    readonly canonicalUrl: string
  }
  readonly previous?: ReaderLink | undefined
  readonly next?: ReaderLink | undefined
}

/** A section of a page that matched, with the search's snippet (matched words between `**` and `**`). */
export interface ReaderSearchSection {
  readonly title: string
  readonly href: string
  readonly snippet: string
}

export interface ReaderSearchView extends ReaderChrome {
  readonly sidebar: ReadonlyArray<ReaderNavEntry>
  readonly query: string
  /** Results grouped by site space (as `searchSpaceContent` groups them by space), best first. */
  readonly groups: ReadonlyArray<{
    readonly title: string
    readonly pages: ReadonlyArray<{ readonly title: string; readonly href: string; readonly sections: ReadonlyArray<ReaderSearchSection> }>
  }>
}

/** A 404: the site's chrome when the site is known (a page it lacks), else a bare page. */
export interface ReaderNotFoundView {
  readonly chrome?: ReaderChrome | undefined
  readonly path: string
}
