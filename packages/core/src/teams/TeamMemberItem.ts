import { Schema } from "effect"
import { Member } from "../members/Member.js"
import { TeamMemberRoleSchema } from "./inputs.js"

/** One member of a team, as listed (the spec's `OrganizationTeamMember`). */
export const TeamMemberItem = Schema.Struct({
  organization: Member,
  team: Schema.Struct({ role: TeamMemberRoleSchema }),
  permissions: Schema.Struct({ view: Schema.Boolean })
}).annotations({ identifier: "OrganizationTeamMember" })
export interface TeamMemberItem extends Schema.Schema.Type<typeof TeamMemberItem> {}
