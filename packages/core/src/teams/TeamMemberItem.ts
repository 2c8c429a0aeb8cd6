import { Schema } from "effect"
import { Member } from "../members/Member.js"
import { TeamMemberRoleSchema } from "./inputs.js"

/** One member of a team, as listed (the spec's `OrganizationTeamMember`). */
export class TeamMemberItem extends Schema.Class<TeamMemberItem>("OrganizationTeamMember")({
  organization: Member,
  team: Schema.Struct({ role: TeamMemberRoleSchema }),
  permissions: Schema.Struct({ view: Schema.Boolean })
}) {}
