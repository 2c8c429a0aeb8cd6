import { Schema } from "effect"
import { CollectionId } from "../shared/ids.js"
import { DefaultLevel } from "../shared/role.js"
import { maxLength } from "../shared/validation.js"

export const CollectionTitle = maxLength(50)
export const CollectionDescription = maxLength(100)

export const CreateCollectionInput = Schema.Struct({
  title: Schema.optional(CollectionTitle),
  /** Id of the parent collection; absent: the organization's root. */
  parent: Schema.optional(CollectionId)
})
export type CreateCollectionInput = typeof CreateCollectionInput.Encoded

export const UpdateCollectionInput = Schema.Struct({
  title: Schema.optional(CollectionTitle),
  description: Schema.optional(CollectionDescription),
  defaultLevel: Schema.optional(DefaultLevel)
})
export type UpdateCollectionInput = typeof UpdateCollectionInput.Encoded
