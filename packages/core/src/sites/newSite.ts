import { Effect, Option } from "effect"
import { slugify } from "../content/markdown/slugify.js"
import { makeId, type OrganizationId, type SiteId } from "../shared/ids.js"
import type { Timestamp } from "../shared/time.js"
import type { SiteRecord, SiteType, SiteVisibility } from "../storage/sites/SiteRecord.js"
import type { SiteRepository } from "../storage/sites/SiteRepository.js"
import { makeVisitorKey } from "./adaptive/visitorToken.js"
import { uniquePath } from "./structure/paths.js"

export const DEFAULT_SITE_TITLE = "Docs"

/** A basename free in the organization: the title's slug, suffixed (`-2`, `-3`, ...) when taken. */
export const freeBasename = (sites: Pick<SiteRepository["Type"], "findByBasename">, organizationId: OrganizationId, title: string) =>
  Effect.gen(function* () {
    const base = slugify(title)
    const taken = new Set<string>()
    for (;;) {
      const candidate = uniquePath(base, taken)
      if (Option.isNone(yield* sites.findByBasename(organizationId, candidate))) return candidate
      taken.add(candidate)
    }
  })

/** A new site: unpublished, empty, open to members, with a fresh visitor key and a free basename. */
export const newSite = (
  sites: Pick<SiteRepository["Type"], "findByBasename">,
  input: {
    readonly organizationId: OrganizationId
    readonly title?: string | undefined
    readonly type?: SiteType | undefined
    readonly visibility?: SiteVisibility | undefined
    readonly at: Timestamp
  }
) =>
  Effect.gen(function* () {
    const title = input.title ?? DEFAULT_SITE_TITLE
    return {
      id: yield* makeId<SiteId>(),
      organizationId: input.organizationId,
      type: input.type ?? "ultimate",
      title,
      visibility: input.visibility ?? "public",
      published: false,
      basename: yield* freeBasename(sites, input.organizationId, title),
      proxy: null,
      defaultLevel: "inherit",
      adaptiveContent: false,
      adaptiveSchema: null,
      visitorKey: makeVisitorKey(),
      defaultSectionId: null,
      defaultSiteSpaceId: null,
      createdAt: input.at,
      updatedAt: input.at
    } satisfies SiteRecord
  })
