import type { RevisionId, SiteSectionId, SiteSpaceId, SpaceId } from "../shared/ids.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"

/** Where a published site is asked for: under the public URL by organization, or on the organization's hostname. */
export type SiteLocation =
  | { readonly organizationId: string; readonly basename: string }
  | { readonly hostname: string; readonly basename: string }

/** A site space as a visitor reads it: a space's current content at a place in the site's URLs. */
export interface ReaderSiteSpace {
  readonly id: SiteSpaceId
  readonly spaceId: SpaceId
  /** The space's main revision: what the visitor reads. */
  readonly revisionId: RevisionId
  /** The space's title (a site space has none of its own). */
  readonly title: string
  /** Its place under the site's URL: `""` for the default section's default site space, else `<section>/<site space>` for the parts that are not defaults. */
  readonly urlPath: string
  /** Its own part of that path: its path, or `""` when it is its section's default. */
  readonly segment: string
  /** The default site space of its section. */
  readonly isDefault: boolean
}

/** A section as a visitor reads it, with the site spaces shown to them (at least one). */
export interface ReaderSection {
  /** Null for a site without sections: its site spaces are at the root. */
  readonly id: SiteSectionId | null
  readonly title: string
  /** Its place under the site's URL: `""` for the default section. */
  readonly urlPath: string
  readonly isDefault: boolean
  readonly siteSpaces: ReadonlyArray<ReaderSiteSpace>
}

/**
 * A published site opened for one visitor: what its visibility admitted them to, in navigation
 * order. `version` changes whenever anything a rendering of it shows may have changed (the
 * site, its structure, a space's revision or title, the visitor's claims).
 */
export interface ReaderSite {
  readonly site: SiteRecord
  /** Where the site is read, absolute, without a trailing slash or a share key. */
  readonly url: string
  readonly sections: ReadonlyArray<ReaderSection>
  readonly version: string
}

/** The absolute URL of a place under the site (`""`: the site's root). */
export const siteUrlOf = (site: ReaderSite, urlPath: string): string => (urlPath === "" ? site.url : `${site.url}/${urlPath}`)

/** Every site space of the site, in navigation order. */
export const siteSpacesOf = (site: ReaderSite): ReadonlyArray<ReaderSiteSpace> => site.sections.flatMap((s) => s.siteSpaces)

/** Joins URL path parts, leaving out empty ones. */
export const joinPath = (...parts: ReadonlyArray<string>): string => parts.filter((p) => p !== "").join("/")
