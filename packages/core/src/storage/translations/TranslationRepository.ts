import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { OrganizationId, TranslationId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { TranslationRecord } from "./TranslationRecord.js"

export class TranslationRepository extends Context.Tag("@quire/core/TranslationRepository")<
  TranslationRepository,
  {
    readonly insert: (translation: TranslationRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (translation: TranslationRecord) => Effect.Effect<void, never, Authorized>
    readonly delete: (id: TranslationId) => Effect.Effect<void, never, Authorized>
    /** The translation settings of that organization with this id; one of another organization is none. */
    readonly find: (
      organizationId: OrganizationId,
      id: TranslationId
    ) => Effect.Effect<Option.Option<TranslationRecord>, never, Authorized>
    /** By (createdAt, id) ascending (`translationSortKey`). */
    readonly list: (
      organizationId: OrganizationId,
      keyset: Keyset
    ) => Effect.Effect<Slice<TranslationRecord>, never, Authorized>
  }
>() {}
