import type { InstallationRecord, IntegrationRecord, SpaceInstallationRecord } from "@quire/core"
import { organizationsTable } from "../organizations/organizationsTable.js"
import { table } from "../shared/Table.js"
import { spacesTable } from "../spaces/spacesTable.js"

/** Keyed by name; owned by the publishing organization, as the foreign key `ON DELETE CASCADE` in SQL. */
export const integrationsTable = table<string, IntegrationRecord>("integrations", {
  table: organizationsTable,
  key: (i) => i.ownerId
})

/** Owned by their integration (unpublishing removes them; the repository also removes their spaces'). */
export const installationsTable = table<string, InstallationRecord>("integration_installations", {
  table: integrationsTable,
  key: (i) => i.integrationName
})

/** Keyed by `pairKey(installationId, spaceId)`; owned by the space, so a space's purge removes them. */
export const spaceInstallationsTable = table<string, SpaceInstallationRecord>("integration_space_installations", {
  table: spacesTable,
  key: (i) => i.spaceId
})
