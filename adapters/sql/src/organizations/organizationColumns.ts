import type { MemberRoleOrGuest, OrganizationId, OrganizationRecord, OrganizationType } from "@quire/core"
import { toBool, toInt } from "../shared/values.js"

export const ORGANIZATION_COLUMNS = [
  "id",
  "title",
  "created_at",
  "updated_at",
  "email_domains",
  "hostname",
  "type",
  "default_role",
  "default_content_site",
  "logo",
  "sso",
  "ai",
  "invite_links"
]

/** The organization columns, qualified by a table alias. */
export const organizationColumnsOf = (alias: string) => ORGANIZATION_COLUMNS.map((c) => `${alias}.${c}`).join(", ")

export interface OrganizationRow {
  readonly id: string
  readonly title: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly emailDomains: string
  readonly hostname: string | null
  readonly type: string
  readonly defaultRole: string | null
  readonly defaultContentSite: string | null
  readonly logo: string | null
  readonly sso: unknown
  readonly ai: unknown
  readonly inviteLinks: unknown
}

export const toOrganizationRow = (o: OrganizationRecord) => ({
  id: o.id,
  title: o.title,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  emailDomains: JSON.stringify(o.emailDomains),
  hostname: o.hostname,
  type: o.type,
  defaultRole: o.defaultRole,
  defaultContentSite: o.defaultContentSite,
  logo: o.logo,
  sso: toInt(o.sso),
  ai: toInt(o.ai),
  inviteLinks: toInt(o.inviteLinks)
})

export const toOrganizationRecord = (row: OrganizationRow): OrganizationRecord => ({
  id: row.id as OrganizationId,
  title: row.title,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  emailDomains: JSON.parse(row.emailDomains) as Array<string>,
  hostname: row.hostname,
  type: row.type as OrganizationType,
  defaultRole: row.defaultRole as MemberRoleOrGuest,
  defaultContentSite: row.defaultContentSite,
  logo: row.logo,
  sso: toBool(row.sso),
  ai: toBool(row.ai),
  inviteLinks: toBool(row.inviteLinks)
})
