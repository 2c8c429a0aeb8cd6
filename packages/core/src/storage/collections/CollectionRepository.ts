import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { CollectionId, OrganizationId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { CollectionRecord } from "./CollectionRecord.js"

export interface CollectionQuery {
  /** false: only top-level collections. */
  readonly nested: boolean
  /** true: leave out collections whose resolved level is `none`. */
  readonly visibleOnly: boolean
}

export class CollectionRepository extends Context.Tag("@quire/core/CollectionRepository")<
  CollectionRepository,
  {
    readonly insert: (collection: CollectionRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (collection: CollectionRecord) => Effect.Effect<void, never, Authorized>
    readonly delete: (id: CollectionId) => Effect.Effect<void, never, Authorized>
    readonly findById: (id: CollectionId) => Effect.Effect<Option.Option<CollectionRecord>, never, Authorized>
    /** Direct children of a parent (null: the organization's root). */
    readonly children: (
      organizationId: OrganizationId,
      parentId: CollectionId | null
    ) => Effect.Effect<ReadonlyArray<CollectionRecord>, never, Authorized>
    /** The greatest `position` among the direct children of a parent: where "at the end" is. */
    readonly lastPosition: (
      organizationId: OrganizationId,
      parentId: CollectionId | null
    ) => Effect.Effect<Option.Option<string>, never, Authorized>
    /** By (createdAt, id) ascending. */
    readonly list: (
      organizationId: OrganizationId,
      query: CollectionQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<CollectionRecord>, never, Authorized>
  }
>() {}

export const collectionSortKey = (c: CollectionRecord) => [c.createdAt, c.id]
