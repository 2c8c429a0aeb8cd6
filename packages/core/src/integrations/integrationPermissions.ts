import type { MemberRecord } from "../storage/members/MemberRecord.js"
import type { IntegrationRecord } from "../storage/integrations/IntegrationRecord.js"

/** The caller's active membership of the integration's owner, if any. */
export type OwnerMember = MemberRecord | undefined

const active = (member: OwnerMember): member is MemberRecord => member !== undefined && !member.disabled

/**
 * Who sees an integration: everyone authenticated sees a public or unlisted one; a private one
 * only the owner organization's members. Seeing nothing is `NotFound`.
 */
export const canSeeIntegration = (integration: Pick<IntegrationRecord, "visibility">, ownerMember: OwnerMember): boolean =>
  integration.visibility !== "private" || active(ownerMember)

/** Who finds it in `listIntegrations`: a public one everyone; an unlisted or private one only the owner's members. */
export const listsIntegration = (integration: Pick<IntegrationRecord, "visibility">, ownerMember: OwnerMember): boolean =>
  integration.visibility === "public" || active(ownerMember)

/** The official `permissions.admin`: publishing, updating and unpublishing are for the owner's admins only. */
export const administersIntegration = (ownerMember: OwnerMember): boolean => active(ownerMember) && ownerMember.role === "admin"

/** An integration is installed on an organization by its admins; a private one only on its owner. */
export const canInstallOn = (
  integration: Pick<IntegrationRecord, "visibility" | "ownerId">,
  organizationId: string,
  member: MemberRecord
): "yes" | "private" | "role" =>
  integration.visibility === "private" && integration.ownerId !== organizationId
    ? "private"
    : active(member) && member.role === "admin"
      ? "yes"
      : "role"

/** Space installations need the integration to be installable on spaces (official `target`). */
export const installableOnSpaces = (integration: Pick<IntegrationRecord, "target">): boolean =>
  integration.target === "all" || integration.target === "space"
