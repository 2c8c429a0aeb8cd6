import { Schema } from "effect"
import { TeamMemberRoleSchema } from "./inputs.js"
import { Team } from "./Team.js"

/** One team of a member, with the member's role in it. */
export class MemberTeamItem extends Schema.Class<MemberTeamItem>("OrganizationMemberTeam")({
  team: Team,
  member: Schema.Struct({ role: TeamMemberRoleSchema })
}) {}
