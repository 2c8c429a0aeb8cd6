import type { IntegrationInstallationId, OrganizationId, SpaceId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"
import type { IntegrationJson } from "./IntegrationRecord.js"

export type InstallationStatus = "active" | "pending" | "paused"
export type InstallationSelection = "all" | "selected"

/** An integration installed on an organization (the account-level installation): at most one per pair. */
export interface InstallationRecord {
  readonly id: IntegrationInstallationId
  readonly integrationName: string
  readonly organizationId: OrganizationId
  readonly status: InstallationStatus
  readonly spaceSelection: InstallationSelection
  readonly siteSelection: InstallationSelection
  readonly configuration: { readonly [key: string]: IntegrationJson }
  readonly externalIds: ReadonlyArray<string>
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

/** An organization's installation enabled on one of its spaces: at most one per pair. */
export interface SpaceInstallationRecord {
  readonly installationId: IntegrationInstallationId
  readonly spaceId: SpaceId
  readonly integrationName: string
  readonly organizationId: OrganizationId
  readonly status: InstallationStatus
  readonly configuration: { readonly [key: string]: IntegrationJson }
  readonly externalIds: ReadonlyArray<string>
  readonly createdAt: Timestamp
}

export const installationSortKey = (i: InstallationRecord) => [i.createdAt, i.id]
export const spaceInstallationSortKey = (i: SpaceInstallationRecord) => [i.createdAt, i.spaceId]
