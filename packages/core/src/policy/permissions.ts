import { Schema } from "effect"

/**
 * What a caller may do on a resource, as each resource shows it in `permissions`. `Policy`
 * fills them; these schemas are their wire shape.
 */

export const OrganizationPermissions = Schema.Struct({
  view: Schema.Boolean,
  access: Schema.Boolean,
  admin: Schema.Boolean,
  ownTeam: Schema.Boolean,
  createContent: Schema.Boolean,
  createOpenAPISpec: Schema.Boolean,
  viewBilling: Schema.Boolean,
  listMembers: Schema.Boolean,
  listTeams: Schema.Boolean,
  listIntegrations: Schema.Boolean,
  listInstallations: Schema.Boolean,
  installIntegration: Schema.Boolean
}).annotations({ identifier: "OrganizationPermissions" })
export interface OrganizationPermissions extends Schema.Schema.Type<typeof OrganizationPermissions> {}

export const CollectionPermissions = Schema.Struct({
  view: Schema.Boolean,
  admin: Schema.Boolean,
  viewInviteLinks: Schema.Boolean,
  create: Schema.Boolean
}).annotations({ identifier: "CollectionPermissions" })
export interface CollectionPermissions extends Schema.Schema.Type<typeof CollectionPermissions> {}

export const SpacePermissions = Schema.Struct({
  view: Schema.Boolean,
  access: Schema.Boolean,
  admin: Schema.Boolean,
  viewInviteLinks: Schema.Boolean,
  edit: Schema.Boolean,
  triggerGitSync: Schema.Boolean,
  comment: Schema.Boolean,
  merge: Schema.Boolean,
  review: Schema.Boolean,
  installIntegration: Schema.Boolean
}).annotations({ identifier: "SpacePermissions" })
export interface SpacePermissions extends Schema.Schema.Type<typeof SpacePermissions> {}

export const TeamPermissions = Schema.Struct({
  /** May rename the team and manage its members. */
  admin: Schema.Boolean,
  /** May see the team and list its members. */
  view: Schema.Boolean
}).annotations({ identifier: "OrganizationTeamPermissions" })
export interface TeamPermissions extends Schema.Schema.Type<typeof TeamPermissions> {}
