import { Schema } from "effect"

export const TeamPermissionsSchema = Schema.Struct({
  /** May rename the team and manage its members. */
  admin: Schema.Boolean,
  /** May see the team and list its members. */
  view: Schema.Boolean
}).annotations({ identifier: "OrganizationTeamPermissions" })
export interface TeamPermissionsSchema extends Schema.Schema.Type<typeof TeamPermissionsSchema> {}

/** A team of an organization (the spec's `OrganizationTeam`). */
export const Team = Schema.Struct({
  object: Schema.Literal("team"),
  id: Schema.String,
  title: Schema.String,
  members: Schema.Number,
  spaces: Schema.Number,
  createdAt: Schema.String,
  permissions: TeamPermissionsSchema
}).annotations({ identifier: "OrganizationTeam" })
export interface Team extends Schema.Schema.Type<typeof Team> {}
