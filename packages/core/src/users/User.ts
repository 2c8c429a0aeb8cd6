import { Schema } from "effect"
import { UserId } from "../shared/ids.js"

export const UserUrls = Schema.Struct({ location: Schema.String }).annotations({ identifier: "UserUrls" })
export interface UserUrls extends Schema.Schema.Type<typeof UserUrls> {}

export const User = Schema.Struct({
  object: Schema.Literal("user"),
  id: UserId,
  displayName: Schema.String,
  email: Schema.optional(Schema.String),
  photoURL: Schema.optional(Schema.String),
  urls: UserUrls
}).annotations({ identifier: "User" })
export interface User extends Schema.Schema.Type<typeof User> {}
