import { type OrganizationId, type SiteId, SiteReader, Sites, SiteStructures, type SpaceId, Spaces } from "@quire/core"
import { Effect } from "effect"
import type { ContentSpace } from "./seedContent.js"

/** A site space of the published site: the space it shows and its place under the site's URL. */
export interface PublishedSiteSpace {
  readonly spaceId: string
  /** `""` for the default section's default site space, else its section's path (and its own). */
  readonly urlPath: string
}

/** The published site the `publishedPage` section reads, as a visitor reaches it. */
export interface PublishedSite {
  readonly siteId: string
  /** The site's path under the public URL: `/sites/<organization>/<basename>`. */
  readonly path: string
  readonly siteSpaces: ReadonlyArray<PublishedSiteSpace>
}

const BASENAME = "bench-docs"

/**
 * A public site in the content spaces' organization with a section per content space, the
 * smallest first (the default: its first page is the site's root), published; made through
 * `Sites` and `SiteStructures` as the seeded user. Where each site space is read is what the
 * reader's `SiteReader.open` answers an anonymous visitor: the seed fails if it is not shown.
 */
export const seedPublishedSite = (content: ReadonlyArray<ContentSpace>) =>
  Effect.gen(function* () {
    const spaces = [...content].sort((a, b) => a.pages - b.pages)
    // The content spaces' own organization ("Bench Content").
    const organizationId = (yield* (yield* Spaces).get(spaces[0]!.spaceId as SpaceId)).organization as OrganizationId
    const sites = yield* Sites
    const structures = yield* SiteStructures
    const site = yield* sites.create(organizationId, { title: "Bench Docs", visibility: "public" })
    const siteId = site.id as SiteId
    yield* sites.update(organizationId, siteId, { basename: BASENAME })
    for (const space of spaces) yield* structures.addSection(organizationId, siteId, { spaceId: space.spaceId })
    yield* sites.publish(organizationId, siteId)
    const opened = yield* (yield* SiteReader).open({ organizationId, basename: BASENAME })
    const siteSpaces = opened.sections.flatMap((section) => section.siteSpaces.map((x) => ({ spaceId: x.spaceId, urlPath: x.urlPath })))
    if (siteSpaces.length !== spaces.length) {
      throw new Error(`seed: the published site shows ${siteSpaces.length} site spaces to a visitor, not ${spaces.length}`)
    }
    return { siteId, path: new URL(opened.url).pathname, siteSpaces } satisfies PublishedSite
  })
