import { Schema } from "effect"
import { TeamId } from "../shared/ids.js"
import { TeamPermissions } from "../policy/permissions.js"

/** A team of an organization (the spec's `OrganizationTeam`). */
export const Team = Schema.Struct({
  object: Schema.Literal("team"),
  id: TeamId,
  title: Schema.String,
  members: Schema.Number,
  spaces: Schema.Number,
  createdAt: Schema.String,
  permissions: TeamPermissions
}).annotations({ identifier: "OrganizationTeam" })
export interface Team extends Schema.Schema.Type<typeof Team> {}
