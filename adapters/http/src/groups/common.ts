import { HttpApiSchema, HttpServerResponse } from "@effect/platform"
import { Schema } from "effect"
import { ConflictError, ForbiddenError, GoneError, InvalidInputError, NotFoundError } from "../errors.js"

/** Errors any authenticated operation may answer. */
export const commonErrors = [InvalidInputError, ForbiddenError, NotFoundError, ConflictError] as const

/** 205 Reset Content, no body: the seed's answer to a delete. */
export const ResetContent = Schema.Void.annotations(HttpApiSchema.annotations({ status: 205 }))
export const NoContent = HttpApiSchema.NoContent

export { GoneError }

/**
 * The official answer to a delete: 205 when something was deleted, 204 when there was
 * nothing to delete. Both have no body.
 */
export const deletedOrAbsent = (deleted: boolean) => HttpServerResponse.empty({ status: deleted ? 205 : 204 })
