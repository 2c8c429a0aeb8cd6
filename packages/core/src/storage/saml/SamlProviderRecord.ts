import type { OrganizationId, SamlProviderId, TeamId, UserId } from "../../shared/ids.js"
import type { MemberRoleOrGuest } from "../../shared/role.js"
import type { Timestamp } from "../../shared/time.js"

/**
 * An organization's SAML identity provider. `entityID`, `ssoURL` and `certificate` are the
 * identity provider's; until all three are set the provider is `pending` and signs nobody in.
 */
export interface SamlProviderRecord {
  readonly id: SamlProviderId
  readonly organizationId: OrganizationId
  readonly label: string
  readonly entityID: string | null
  readonly ssoURL: string | null
  /** PEM, as given (checked to parse as an X.509 certificate that has not expired). */
  readonly certificate: string | null
  /** The team a member who comes in through this provider joins; gone if the team is. */
  readonly defaultTeamId: TeamId | null
  readonly defaultRole: MemberRoleOrGuest
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

/** An AuthnRequest sent to the identity provider: its id answers once, before `expiresAt`. */
export interface SamlRequestRecord {
  readonly id: string
  readonly providerId: SamlProviderId
  /** Where the browser goes with the hand-off code once signed in (checked at the start). */
  readonly returnTo: string | null
  readonly createdAt: Timestamp
  readonly expiresAt: Timestamp
}

/** A signed-in user's one-time hand-off code, kept as its sha256, exchanged once for an API token. */
export interface SsoHandoffRecord {
  readonly codeHash: string
  readonly providerId: SamlProviderId
  readonly organizationId: OrganizationId
  readonly userId: UserId
  readonly createdAt: Timestamp
  readonly expiresAt: Timestamp
}
