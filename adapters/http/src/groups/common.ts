import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { ConflictError, ForbiddenError, GoneError, InvalidInputError, NotFoundError } from "../errors.js"

/** Errors any authenticated operation may answer. */
export const commonErrors = [InvalidInputError, ForbiddenError, NotFoundError, ConflictError] as const

/** 205 Reset Content, no body: the seed's answer to a delete. */
export const ResetContent = Schema.Void.annotations(HttpApiSchema.annotations({ status: 205 }))
export const NoContent = HttpApiSchema.NoContent

export { GoneError }
