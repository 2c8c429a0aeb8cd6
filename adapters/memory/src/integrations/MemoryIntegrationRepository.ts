import {
  installationSortKey,
  type IntegrationFilter,
  type IntegrationRecord,
  type IntegrationRepository,
  integrationSortKey,
  listsIntegration,
  type MemberRecord,
  type OrganizationId,
  spaceInstallationSortKey,
  type UserId
} from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import { membersTable } from "../members/membersTable.js"
import { insertNew, pairKey, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import type { Tables } from "../shared/Tables.js"
import { sliceBy } from "../shared/sorting.js"
import { installationsTable, integrationsTable, spaceInstallationsTable } from "./integrationsTables.js"

const memberOf = (t: Tables, organizationId: OrganizationId, userId: UserId): MemberRecord | undefined =>
  Option.getOrUndefined(HashMap.get(t.rows(membersTable), pairKey(organizationId, userId)))

const activeMember = (t: Tables, organizationId: OrganizationId, userId: UserId): boolean => {
  const member = memberOf(t, organizationId, userId)
  return member !== undefined && !member.disabled
}

const matches = (t: Tables, filter: IntegrationFilter, i: IntegrationRecord): boolean =>
  listsIntegration(i, memberOf(t, i.ownerId, filter.viewer)) &&
  (filter.search === undefined || i.name.toLowerCase().includes(filter.search)) &&
  (filter.category === undefined || i.categories.includes(filter.category)) &&
  (filter.blockDomain === undefined || i.blockDomains.includes(filter.blockDomain)) &&
  (filter.blocks === undefined || i.hasBlocks === filter.blocks) &&
  (filter.contentSources === undefined || i.hasContentSources === filter.contentSources) &&
  (filter.owner === undefined || i.ownerId === filter.owner) &&
  (filter.scope === undefined || i.scopes.includes(filter.scope)) &&
  (filter.target === undefined || i.target === filter.target)

const withoutSpacesOf = (t: Tables, installationIds: ReadonlySet<string>): Tables =>
  t.update(spaceInstallationsTable, (rows) => HashMap.filter(rows, (row) => !installationIds.has(row.installationId)))

export const makeMemoryIntegrationRepository = (store: MemoryStore): Context.Tag.Service<typeof IntegrationRepository> => ({
  insert: (integration) => store.write((t) => t.update(integrationsTable, (rows) => insertNew(rows, integration.name, integration, "integration"))),
  update: (integration) => store.write((t) => t.update(integrationsTable, (rows) => replaceExisting(rows, integration.name, integration))),
  delete: (name) =>
    store.write((t) => {
      const installed = new Set(rowsOf(t.rows(installationsTable)).filter((i) => i.integrationName === name).map((i) => i.id))
      return withoutSpacesOf(t, installed)
        .update(installationsTable, (rows) => HashMap.filter(rows, (row) => row.integrationName !== name))
        .update(integrationsTable, (rows) => HashMap.remove(rows, name))
    }),
  find: (name) => store.read((t) => HashMap.get(t.rows(integrationsTable), name)),
  list: (filter, keyset) =>
    store.read((t) => sliceBy(rowsOf(t.rows(integrationsTable)).filter((i) => matches(t, filter, i)), keyset, integrationSortKey)),

  insertInstallation: (installation) =>
    store.write((t) => t.update(installationsTable, (rows) => insertNew(rows, installation.id, installation, "installation"))),
  updateInstallation: (installation) =>
    store.write((t) => t.update(installationsTable, (rows) => replaceExisting(rows, installation.id, installation))),
  deleteInstallation: (id) => store.write((t) => withoutSpacesOf(t, new Set([id])).update(installationsTable, (rows) => HashMap.remove(rows, id))),
  findInstallation: (integrationName, id) =>
    store.read((t) => Option.filter(HashMap.get(t.rows(installationsTable), id), (row) => row.integrationName === integrationName)),
  findInstallationIn: (integrationName, organizationId) =>
    store.read((t) =>
      Option.fromNullable(
        rowsOf(t.rows(installationsTable)).find((row) => row.integrationName === integrationName && row.organizationId === organizationId)
      )
    ),
  countInstallations: (integrationName) =>
    store.read((t) => rowsOf(t.rows(installationsTable)).filter((row) => row.integrationName === integrationName).length),
  listInstallations: (integrationName, filter, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(installationsTable)).filter(
          (row) =>
            row.integrationName === integrationName &&
            activeMember(t, row.organizationId, filter.viewer) &&
            (filter.externalId === undefined || row.externalIds.includes(filter.externalId))
        ),
        keyset,
        installationSortKey
      )
    ),
  listOrganizationInstallations: (organizationId, search, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(installationsTable)).filter(
          (row) => row.organizationId === organizationId && (search === undefined || row.integrationName.toLowerCase().includes(search))
        ),
        keyset,
        installationSortKey
      )
    ),

  insertSpaceInstallation: (installation) =>
    store.write((t) =>
      t.update(spaceInstallationsTable, (rows) =>
        insertNew(rows, pairKey(installation.installationId, installation.spaceId), installation, "space installation")
      )
    ),
  deleteSpaceInstallation: (installationId, spaceId) =>
    store.write((t) => t.update(spaceInstallationsTable, (rows) => HashMap.remove(rows, pairKey(installationId, spaceId)))),
  findSpaceInstallation: (installationId, spaceId) =>
    store.read((t) => HashMap.get(t.rows(spaceInstallationsTable), pairKey(installationId, spaceId))),
  countSpaceInstallations: (installationId) =>
    store.read((t) => rowsOf(t.rows(spaceInstallationsTable)).filter((row) => row.installationId === installationId).length),
  listSpaceInstallations: (installationId, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(spaceInstallationsTable)).filter((row) => row.installationId === installationId),
        keyset,
        spaceInstallationSortKey
      )
    )
})
