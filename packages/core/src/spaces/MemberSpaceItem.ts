import { Schema } from "effect"
import { MemberRole } from "../shared/role.js"
import { Space } from "./Space.js"

/** One item of a member's space list: the member's level on the space, and the space. */
export class MemberSpaceItem extends Schema.Class<MemberSpaceItem>("MemberSpaceItem")({
  permission: MemberRole,
  space: Space
}) {}
