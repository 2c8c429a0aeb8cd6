import { Schema } from "effect"
import { maxLength } from "../shared/validation.js"

/** The longest subject, in characters (the official `ChangeRequestSubject`). */
export const SUBJECT_MAX = 100
export const ChangeRequestSubject = maxLength(SUBJECT_MAX)

/** The statuses a caller may set; `merged` only comes from merging. */
export const SettableStatus = Schema.Literal("draft", "open", "archived")

export const CreateChangeRequestInput = Schema.Struct({
  subject: Schema.optional(ChangeRequestSubject)
})
export type CreateChangeRequestInput = typeof CreateChangeRequestInput.Encoded

export const UpdateChangeRequestInput = Schema.Struct({
  subject: Schema.optional(ChangeRequestSubject),
  status: Schema.optional(SettableStatus)
})
export type UpdateChangeRequestInput = typeof UpdateChangeRequestInput.Encoded

export const ChangeRequestListQuery = Schema.Struct({
  status: Schema.optional(Schema.Literal("draft", "open", "archived", "merged")),
  /** Only those this user created (the official `creator`). */
  creator: Schema.optional(Schema.String)
})
export type ChangeRequestListQuery = typeof ChangeRequestListQuery.Encoded
