import type { ShareLinkId, SiteId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** A secret link to a `share-link` site; revoked links (`active` false) open nothing. */
export interface ShareLinkRecord {
  readonly id: ShareLinkId
  readonly siteId: SiteId
  readonly name: string
  /** The secret the link carries as `shareKey`. */
  readonly key: string
  readonly active: boolean
  readonly createdAt: Timestamp
}

export const shareLinkSortKey = (l: ShareLinkRecord) => [l.createdAt, l.id]
