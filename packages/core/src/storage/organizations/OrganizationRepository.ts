import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { OrganizationId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { OrganizationRecord } from "./OrganizationRecord.js"

export class OrganizationRepository extends Context.Tag("@quire/core/OrganizationRepository")<
  OrganizationRepository,
  {
    readonly insert: (organization: OrganizationRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (organization: OrganizationRecord) => Effect.Effect<void, never, Authorized>
    readonly findById: (id: OrganizationId) => Effect.Effect<Option.Option<OrganizationRecord>, never, Authorized>
    /** Hostnames are unique across organizations. */
    readonly findByHostname: (hostname: string) => Effect.Effect<Option.Option<OrganizationRecord>, never, Authorized>
    /** Organizations the user is a member of, by (createdAt, id) ascending. */
    readonly listForUser: (
      userId: UserId,
      keyset: Keyset
    ) => Effect.Effect<Slice<OrganizationRecord>, never, Authorized>
    /** Organizations that list `domain` (lower case) among their e-mail domains. */
    readonly findByEmailDomain: (domain: string) => Effect.Effect<ReadonlyArray<OrganizationRecord>, never, Authorized>
  }
>() {}

export const organizationSortKey = (o: OrganizationRecord) => [o.createdAt, o.id]
