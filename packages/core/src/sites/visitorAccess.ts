import { Effect, Option } from "effect"
import { NotFound, Unauthorized } from "../shared/errors.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import type { SiteRepository } from "../storage/sites/SiteRepository.js"
import type { SiteSectionRecord, SiteSpaceRecord } from "../storage/sites/SiteStructureRecords.js"
import { evaluateCondition, parseCondition, type VisitorClaims, verifyVisitorToken } from "./adaptive/index.js"

/** What a visitor (not a member) presents to read a published site. */
export interface VisitorCredentials {
  /** The key of one of the site's share links. */
  readonly shareKey?: string | undefined
  /** A visitor JWT signed with the site's visitor key. */
  readonly visitorToken?: string | undefined
}

export const noClaims: VisitorClaims = { signed: {}, unsigned: {} }

/** Whether a section or site space is shown to a visitor with these claims: no condition, or one that holds. */
export const shownTo = (claims: VisitorClaims) => (item: SiteSectionRecord | SiteSpaceRecord): boolean => {
  if (item.condition === null) return true
  const parsed = Effect.runSync(Effect.either(parseCondition(item.condition, "condition")))
  return parsed._tag === "Right" && evaluateCondition(parsed.right, claims)
}

/**
 * The claims of a visitor the site's visibility admits: anyone to a published `public` or
 * `unlisted` site, the holder of an active share link's key to a `share-link` one, the bearer of
 * a valid visitor token to a `visitor-auth` one (its claims). An unpublished site, or a missing
 * or revoked key, is `NotFound`; a missing or bad visitor token is `Unauthorized`.
 */
export const admitVisitor = (sites: SiteRepository["Type"], site: SiteRecord, credentials: VisitorCredentials) =>
  Effect.gen(function* () {
    const hidden = () => NotFound.of("Site", site.id)
    if (!site.published) return yield* Effect.fail(hidden())
    switch (site.visibility) {
      case "public":
      case "unlisted":
        return noClaims
      case "share-link": {
        const link = credentials.shareKey === undefined ? Option.none() : yield* sites.findShareLinkByKey(site.id, credentials.shareKey)
        if (Option.isNone(link) || !link.value.active) return yield* Effect.fail(hidden())
        return noClaims
      }
      case "visitor-auth":
        if (credentials.visitorToken === undefined) {
          return yield* Effect.fail(new Unauthorized({ message: `Site "${site.id}" is for authenticated visitors: present a visitor token` }))
        }
        return yield* verifyVisitorToken(credentials.visitorToken, { key: site.visitorKey, siteId: site.id })
    }
  })
