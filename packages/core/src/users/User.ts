import { Schema } from "effect"

export class UserUrls extends Schema.Class<UserUrls>("UserUrls")({ location: Schema.String }) {}

export class User extends Schema.Class<User>("User")({
  object: Schema.Literal("user"),
  id: Schema.String,
  displayName: Schema.String,
  email: Schema.optional(Schema.String),
  photoURL: Schema.optional(Schema.String),
  urls: UserUrls
}) {}
