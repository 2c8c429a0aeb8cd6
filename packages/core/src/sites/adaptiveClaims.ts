import { Effect } from "effect"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import { type AdaptiveClaims, checkAdaptiveSchema } from "./adaptive/index.js"

const none: AdaptiveClaims = { signed: [], unsigned: [] }

/** The claims a site's adaptive schema declares (none without one); the stored schema was checked when it was set. */
export const adaptiveClaimsOf = (site: SiteRecord): AdaptiveClaims =>
  site.adaptiveSchema === null
    ? none
    : Effect.runSync(Effect.orElseSucceed(checkAdaptiveSchema(JSON.parse(site.adaptiveSchema.document)), () => none))
