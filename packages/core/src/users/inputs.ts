import { Schema } from "effect"
import { lengthBetween } from "../shared/validation.js"

export const Email = Schema.String.pipe(
  Schema.maxLength(254, { message: () => "must be at most 254 characters" }),
  Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: () => "must be an e-mail address" })
)

export const CreateUserInput = Schema.Struct({
  email: Email,
  displayName: lengthBetween(1, 100),
  photoURL: Schema.optional(Schema.String)
})
export type CreateUserInput = typeof CreateUserInput.Encoded
