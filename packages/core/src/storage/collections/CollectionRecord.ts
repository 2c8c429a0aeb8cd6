import type { CollectionId, OrganizationId } from "../../shared/ids.js"
import type { DefaultLevel } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"
import type { ResolvedLevel } from "../../shared/ResolvedLevel.js"

export interface CollectionRecord {
  readonly id: CollectionId
  readonly organizationId: OrganizationId
  readonly parentId: CollectionId | null
  readonly title: string
  readonly description: string | null
  readonly defaultLevel: DefaultLevel
  /** `defaultLevel` with `inherit` followed up the tree; kept so lists can filter in storage. */
  readonly resolvedLevel: ResolvedLevel
  /** Fractional index among the siblings (collections and spaces) of the same parent. */
  readonly position: string
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}
