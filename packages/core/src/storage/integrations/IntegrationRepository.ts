import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { IntegrationInstallationId, OrganizationId, SpaceId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { InstallationRecord, SpaceInstallationRecord } from "./InstallationRecord.js"
import type { IntegrationRecord } from "./IntegrationRecord.js"

/** What `listIntegrations` keeps; every given filter must hold. */
export interface IntegrationFilter {
  /** Public integrations, and every one whose owner this user is an active member of. */
  readonly viewer: UserId
  /** Part of the name, lower case. */
  readonly search?: string | undefined
  readonly category?: string | undefined
  /** A host, lower case. */
  readonly blockDomain?: string | undefined
  readonly blocks?: boolean | undefined
  readonly contentSources?: boolean | undefined
  readonly owner?: OrganizationId | undefined
  readonly scope?: string | undefined
  readonly target?: string | undefined
}

export class IntegrationRepository extends Context.Tag("@quire/core/IntegrationRepository")<
  IntegrationRepository,
  {
    readonly insert: (integration: IntegrationRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (integration: IntegrationRecord) => Effect.Effect<void, never, Authorized>
    /** Removes the integration with its installations and their spaces'. */
    readonly delete: (name: string) => Effect.Effect<void, never, Authorized>
    readonly find: (name: string) => Effect.Effect<Option.Option<IntegrationRecord>, never, Authorized>
    /** By name ascending (`integrationSortKey`). */
    readonly list: (filter: IntegrationFilter, keyset: Keyset) => Effect.Effect<Slice<IntegrationRecord>, never, Authorized>

    readonly insertInstallation: (installation: InstallationRecord) => Effect.Effect<void, never, Authorized>
    readonly updateInstallation: (installation: InstallationRecord) => Effect.Effect<void, never, Authorized>
    /** Removes the installation with its spaces'. */
    readonly deleteInstallation: (id: IntegrationInstallationId) => Effect.Effect<void, never, Authorized>
    /** That integration's installation with this id; one of another integration is none. */
    readonly findInstallation: (
      integrationName: string,
      id: IntegrationInstallationId
    ) => Effect.Effect<Option.Option<InstallationRecord>, never, Authorized>
    readonly findInstallationIn: (
      integrationName: string,
      organizationId: OrganizationId
    ) => Effect.Effect<Option.Option<InstallationRecord>, never, Authorized>
    readonly countInstallations: (integrationName: string) => Effect.Effect<number, never, Authorized>
    /** An integration's installations in organizations the viewer is an active member of, by (createdAt, id). */
    readonly listInstallations: (
      integrationName: string,
      filter: { readonly viewer: UserId; readonly externalId?: string | undefined },
      keyset: Keyset
    ) => Effect.Effect<Slice<InstallationRecord>, never, Authorized>
    /** An organization's installations, by (createdAt, id); `search`: part of the integration's name, lower case. */
    readonly listOrganizationInstallations: (
      organizationId: OrganizationId,
      search: string | undefined,
      keyset: Keyset
    ) => Effect.Effect<Slice<InstallationRecord>, never, Authorized>

    readonly insertSpaceInstallation: (installation: SpaceInstallationRecord) => Effect.Effect<void, never, Authorized>
    readonly deleteSpaceInstallation: (
      installationId: IntegrationInstallationId,
      spaceId: SpaceId
    ) => Effect.Effect<void, never, Authorized>
    readonly findSpaceInstallation: (
      installationId: IntegrationInstallationId,
      spaceId: SpaceId
    ) => Effect.Effect<Option.Option<SpaceInstallationRecord>, never, Authorized>
    readonly countSpaceInstallations: (installationId: IntegrationInstallationId) => Effect.Effect<number, never, Authorized>
    /** By (createdAt, spaceId) ascending (`spaceInstallationSortKey`). */
    readonly listSpaceInstallations: (
      installationId: IntegrationInstallationId,
      keyset: Keyset
    ) => Effect.Effect<Slice<SpaceInstallationRecord>, never, Authorized>
  }
>() {}
