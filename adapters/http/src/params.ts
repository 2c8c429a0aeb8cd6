import { HttpApiSchema } from "@effect/platform"
import { MAX_LIMIT } from "@quire/core"
import { Schema } from "effect"

export const organizationId = HttpApiSchema.param("organizationId", Schema.String)
export const userId = HttpApiSchema.param("userId", Schema.String)
export const teamId = HttpApiSchema.param("teamId", Schema.String)
export const inviteId = HttpApiSchema.param("inviteId", Schema.String)
export const collectionId = HttpApiSchema.param("collectionId", Schema.String)
export const spaceId = HttpApiSchema.param("spaceId", Schema.String)
export const emailDomain = HttpApiSchema.param("emailDomain", Schema.String)

const limitRule = `must be a whole number from 1 to ${MAX_LIMIT}`

/** `limit` arrives as text; the range itself is checked by the core, with the same words. */
export const Limit = Schema.NumberFromString.annotations({ message: () => limitRule })

const BooleanText = (name: string) =>
  Schema.transform(Schema.Literal("true", "false"), Schema.Boolean, {
    strict: true,
    decode: (s) => s === "true",
    encode: (b) => (b ? "true" : "false")
  }).annotations({ message: () => `${name} must be true or false` })

export const BooleanParam = BooleanText

/** `page` and `limit`, accepted by every list. */
export const PageParams = {
  page: Schema.optional(Schema.String),
  limit: Schema.optional(Limit)
}

export const Order = Schema.Literal("asc", "desc")

/** A body the spec marks optional: an absent body reads as `{}`. */
export const OptionalBody = <A, I>(schema: Schema.Schema<A, I, never>) =>
  Schema.compose(
    Schema.transform(Schema.NullOr(Schema.Unknown), Schema.Unknown, {
      strict: true,
      decode: (body) => body ?? {},
      encode: (body) => body
    }),
    schema,
    { strict: false }
  )
