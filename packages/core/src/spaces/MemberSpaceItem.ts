import { Schema } from "effect"
import { MemberRole } from "../shared/role.js"
import { Space } from "./Space.js"

/** One item of a member's space list: the member's level on the space, and the space. */
export const MemberSpaceItem = Schema.Struct({
  permission: MemberRole,
  space: Space
}).annotations({ identifier: "MemberSpaceItem" })
export interface MemberSpaceItem extends Schema.Schema.Type<typeof MemberSpaceItem> {}
