import { Schema } from "effect"
import { CollectionId, OrganizationId } from "../shared/ids.js"

/** Names one sibling in a parent: a space or a collection. */
export const ContentPointer = Schema.Union(
  Schema.Struct({ type: Schema.Literal("space"), space: Schema.String }),
  Schema.Struct({ type: Schema.Literal("collection"), collection: Schema.String })
)
export type ContentPointer = typeof ContentPointer.Encoded

/** Where to put an item among its siblings; nothing given means "at the end". */
export const ContentPosition = Schema.Struct({
  before: Schema.optional(ContentPointer),
  after: Schema.optional(ContentPointer)
})
export type ContentPosition = typeof ContentPosition.Encoded

const given = (value: unknown) => value !== undefined

/** `parent`: undefined keeps the current parent, null is the organization's root. */
export const MoveInput = Schema.Struct({
  parent: Schema.optional(Schema.NullOr(CollectionId)),
  position: Schema.optional(ContentPosition)
}).pipe(
  Schema.filter((input) => given(input.parent) || given(input.position), {
    message: () => "give at least one of `parent` and `position`",
    jsonSchema: { minProperties: 1 }
  })
)
export type MoveInput = typeof MoveInput.Encoded

export const TransferInput = Schema.Struct({
  organization: OrganizationId.pipe(Schema.minLength(1, { message: () => "must be an organization id" }))
})
export type TransferInput = typeof TransferInput.Encoded
