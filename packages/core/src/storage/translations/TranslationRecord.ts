import type { OrganizationId, TranslationId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** An organization's translation settings: a title and the languages it translates into. */
export interface TranslationRecord {
  readonly id: TranslationId
  readonly organizationId: OrganizationId
  readonly title: string
  /** Canonical BCP 47 tags, without duplicates, in the order they were given. */
  readonly languages: ReadonlyArray<string>
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

export const translationSortKey = (t: TranslationRecord) => [t.createdAt, t.id]
