import { Schema } from "effect"

export class TeamPermissionsSchema extends Schema.Class<TeamPermissionsSchema>("OrganizationTeamPermissions")({
  /** May rename the team and manage its members. */
  admin: Schema.Boolean,
  /** May see the team and list its members. */
  view: Schema.Boolean
}) {}

/** A team of an organization (the spec's `OrganizationTeam`). */
export class Team extends Schema.Class<Team>("OrganizationTeam")({
  object: Schema.Literal("team"),
  id: Schema.String,
  title: Schema.String,
  members: Schema.Number,
  spaces: Schema.Number,
  createdAt: Schema.String,
  permissions: TeamPermissionsSchema
}) {}
