import type { OrganizationPermissions } from "../policy/permissions.js"
import type { Urls } from "../shared/Urls.js"
import type { Organization } from "./Organization.js"
import type { OrganizationRecord } from "../storage/organizations/OrganizationRecord.js"

export const renderOrganization = (
  urls: Urls["Type"],
  record: OrganizationRecord,
  permissions: OrganizationPermissions
): Organization => ({
  object: "organization",
  id: record.id,
  title: record.title,
  createdAt: record.createdAt,
  emailDomains: record.emailDomains,
  hostname: record.hostname ?? undefined,
  type: record.type,
  defaultRole: record.defaultRole,
  defaultContent: record.defaultContentSite ? { type: "site", site: record.defaultContentSite } : undefined,
  sso: record.sso,
  ai: record.ai,
  inviteLinks: record.inviteLinks,
  plan: "free",
  mergeRules: { type: "none" },
  trial: { status: "notapplicable", count: 0 },
  urls: {
    location: urls.api(`/orgs/${record.id}`),
    app: urls.app(`/o/${record.id}`),
    logo: record.logo ?? undefined
  },
  permissions
})
