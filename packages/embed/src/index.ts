export * from "./DatabaseUrl.js"
export {
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotFoundError,
  QuireError,
  RateLimitedError,
  UnauthorizedError
} from "./errors.js"
export { type OpenQuireOptions, openQuire, type Promised, type Quire, type QuireAs } from "./Quire.js"
/** The core's types (ids, inputs, resources), so a Promise caller needs no second import. */
export type * from "@quire/core"
/** How a content read names whose content it reads: `ContentScope.Space({ spaceId })`, `.ChangeRequest(...)`, `.Revision(...)`. */
export { ContentScope } from "@quire/core"
