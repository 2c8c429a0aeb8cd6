import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { TranslationPermissions } from "./TranslationSettings.js"

/**
 * What an active member of the organization may do with its translation settings: every member,
 * guests included, reads them; organization admins create, change and delete them. The service
 * checks exactly these before each read and write.
 */
export const translationPermissions = (member: MemberRecord): TranslationPermissions => ({
  view: !member.disabled,
  edit: !member.disabled && member.role === "admin"
})
