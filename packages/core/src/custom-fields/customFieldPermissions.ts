import { organizationPermissions } from "../policy/Policy.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { CustomFieldPermissions } from "./CustomField.js"

/**
 * What a member may do with the organization's custom fields: every member sees them, only
 * admins create, change and delete them. The service checks exactly these before each write.
 */
export const customFieldPermissions = (member: MemberRecord): CustomFieldPermissions => {
  const organization = organizationPermissions(member, false)
  return { view: organization.view, edit: organization.admin }
}
