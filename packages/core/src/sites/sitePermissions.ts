import { contentLevel } from "../policy/Policy.js"
import { resolveLevel } from "../shared/ResolvedLevel.js"
import { atLeast, type MemberRole } from "../shared/role.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import type { SitePermissions } from "./Site.js"

/**
 * A member's level on a site, as on a space at the organization's root: organization admins
 * administer every site; others get their organization role, capped by the site's `defaultLevel`.
 */
export const siteLevel = (member: MemberRecord | undefined, site: Pick<SiteRecord, "defaultLevel">): MemberRole | undefined =>
  contentLevel(member, resolveLevel(site.defaultLevel, undefined))

/**
 * What a level allows on a site, and so what each operation asks: `view` reads the site and its
 * structure; `create` manages the structure (sections, groups, site spaces); `admin` changes the
 * site's settings, publishes it, manages its share links and its adaptive schema, deletes it.
 */
export const sitePermissions = (level: MemberRole | undefined): SitePermissions => ({
  view: atLeast(level, "read"),
  access: atLeast(level, "read"),
  edit: atLeast(level, "edit"),
  create: atLeast(level, "create"),
  admin: atLeast(level, "admin"),
  installIntegration: atLeast(level, "admin"),
  viewAdaptiveSchema: atLeast(level, "create"),
  editAdaptiveSchema: atLeast(level, "admin")
})
