import { Context, type Effect, type Option } from "effect"
import type { OrganizationId, SamlProviderId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { Timestamp } from "../../shared/time.js"
import type { Authorized } from "../Authorized.js"
import type { SamlProviderRecord, SamlRequestRecord, SsoHandoffRecord } from "./SamlProviderRecord.js"

/**
 * SAML providers, the AuthnRequests sent through them and the hand-offs of those signed in.
 * A provider's requests and hand-offs go with it.
 */
export class SamlRepository extends Context.Tag("@quire/core/SamlRepository")<
  SamlRepository,
  {
    readonly insertProvider: (provider: SamlProviderRecord) => Effect.Effect<void, never, Authorized>
    readonly updateProvider: (provider: SamlProviderRecord) => Effect.Effect<void, never, Authorized>
    /** Whether there was such a provider to delete. */
    readonly deleteProvider: (
      organizationId: OrganizationId,
      id: SamlProviderId
    ) => Effect.Effect<boolean, never, Authorized>
    readonly findProvider: (id: SamlProviderId) => Effect.Effect<Option.Option<SamlProviderRecord>, never, Authorized>
    /** By (createdAt, id) ascending. */
    readonly listProviders: (
      organizationId: OrganizationId,
      keyset: Keyset
    ) => Effect.Effect<Slice<SamlProviderRecord>, never, Authorized>
    readonly countProviders: (organizationId: OrganizationId) => Effect.Effect<number, never, Authorized>

    /** Keeps a request, and forgets those that expired before `expiredBefore`. */
    readonly insertRequest: (
      request: SamlRequestRecord,
      expiredBefore: Timestamp
    ) => Effect.Effect<void, never, Authorized>
    /** Removes the provider's request with this id and answers it, if it had not expired at `at`: once. */
    readonly takeRequest: (
      providerId: SamlProviderId,
      id: string,
      at: Timestamp
    ) => Effect.Effect<Option.Option<SamlRequestRecord>, never, Authorized>

    /** Keeps a hand-off, and forgets those that expired before `expiredBefore`. */
    readonly insertHandoff: (
      handoff: SsoHandoffRecord,
      expiredBefore: Timestamp
    ) => Effect.Effect<void, never, Authorized>
    /** Removes the hand-off with this code hash and answers it, if it had not expired at `at`: once. */
    readonly takeHandoff: (
      codeHash: string,
      at: Timestamp
    ) => Effect.Effect<Option.Option<SsoHandoffRecord>, never, Authorized>
  }
>() {}

export const samlProviderSortKey = (provider: SamlProviderRecord) => [provider.createdAt, provider.id]
