import { Schema } from "effect"
import { TeamMemberRoleSchema } from "./inputs.js"
import { Team } from "./Team.js"

/** One team of a member, with the member's role in it. */
export const MemberTeamItem = Schema.Struct({
  team: Team,
  member: Schema.Struct({ role: TeamMemberRoleSchema })
}).annotations({ identifier: "OrganizationMemberTeam" })
export interface MemberTeamItem extends Schema.Schema.Type<typeof MemberTeamItem> {}
