import { renderOrganization } from "../organizations/render.js"
import { organizationPermissions } from "../policy/Policy.js"
import type { Urls } from "../shared/Urls.js"
import type { InstallationRecord, SpaceInstallationRecord } from "../storage/integrations/InstallationRecord.js"
import type { IntegrationRecord } from "../storage/integrations/IntegrationRecord.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"
import type { Integration, IntegrationInstallation, IntegrationSpaceInstallation } from "./Integration.js"
import { administersIntegration, type OwnerMember } from "./integrationPermissions.js"

export const integrationPath = (name: string) => `/integrations/${name}`
export const installationPath = (i: Pick<InstallationRecord, "integrationName" | "id">) =>
  `${integrationPath(i.integrationName)}/installations/${i.id}`

/** Where an integration's published bytes would be served: Quire runs no integration, so nothing answers there yet. */
const assetUrl = (urls: Urls["Type"], name: string, sha256: string) => urls.app(`${integrationPath(name)}/assets/${sha256}`)

/** The definition's parts as they were published (`definition` keeps them as given). */
const definitionPart = <K extends keyof Integration>(record: IntegrationRecord, key: K): Integration[K] | undefined =>
  record.definition[key] as Integration[K] | undefined

export const renderIntegration = (
  urls: Urls["Type"],
  record: IntegrationRecord,
  owner: OrganizationRecord,
  ownerMember: OwnerMember
): Integration => {
  const publicEndpoint = urls.app(`${integrationPath(record.name)}/public`)
  return {
    object: "integration",
    name: record.name,
    version: record.version,
    title: record.title,
    description: definitionPart(record, "description"),
    summary: definitionPart(record, "summary"),
    previewImages: record.previewImageSha256s.map((sha) => assetUrl(urls, record.name, sha)),
    target: record.target,
    verified: false,
    visibility: record.visibility,
    scopes: record.scopes as Integration["scopes"],
    categories: record.categories as Integration["categories"],
    blocks: definitionPart(record, "blocks"),
    contentSources: definitionPart(record, "contentSources"),
    configurations: definitionPart(record, "configurations"),
    externalLinks: definitionPart(record, "externalLinks") ?? [],
    owner: renderOrganization(urls, owner, organizationPermissions(ownerMember, false)),
    urls: {
      location: urls.api(integrationPath(record.name)),
      icon: record.iconSha256 === null ? undefined : assetUrl(urls, record.name, record.iconSha256),
      app: urls.app(integrationPath(record.name)),
      assets: urls.app(`${integrationPath(record.name)}/assets`),
      publicEndpoint,
      publicContentEndpoint: publicEndpoint
    },
    permissions: { admin: administersIntegration(ownerMember) },
    contentSecurityPolicy: definitionPart(record, "contentSecurityPolicy")
  }
}

export const renderInstallation = (urls: Urls["Type"], record: InstallationRecord, spaces: number): IntegrationInstallation => {
  const publicEndpoint = urls.app(`${installationPath(record)}/public`)
  return {
    id: record.id,
    status: record.status,
    space_selection: record.spaceSelection,
    site_selection: record.siteSelection,
    spaces,
    configuration: record.configuration,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    urls: {
      location: urls.api(installationPath(record)),
      app: urls.app(`/o/${record.organizationId}${installationPath(record)}`),
      publicEndpoint,
      publicContentEndpoint: publicEndpoint
    },
    externalIds: record.externalIds,
    target: { organization: record.organizationId }
  }
}

export const renderSpaceInstallation = (urls: Urls["Type"], record: SpaceInstallationRecord): IntegrationSpaceInstallation => {
  const path = `${installationPath({ integrationName: record.integrationName, id: record.installationId })}/spaces/${record.spaceId}`
  const publicEndpoint = urls.app(`${path}/public`)
  return {
    integration: record.integrationName,
    installation: record.installationId,
    status: record.status,
    configuration: record.configuration,
    externalIds: record.externalIds,
    urls: { location: urls.api(path), publicEndpoint, publicContentEndpoint: publicEndpoint },
    space: record.spaceId
  }
}
