import {
  type Conflict,
  type DomainError,
  DomainErrors,
  type Forbidden,
  type Gone,
  type InvalidInput,
  type NotFound,
  type RateLimited,
  type Unauthorized
} from "@quire/core"
import { Cause, Option } from "effect"

/**
 * Every failure of `@quire/embed`: `status` is the HTTP status the `/v1` API would answer
 * (500 for a defect, with the defect as `cause`). The subclasses carry the core error's
 * fields; `cause` is the core error itself.
 */
export class QuireError extends Error {
  readonly status: number
  constructor(message: string, options: { readonly status: number; readonly cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.status = options.status
  }
}

/** Input breaks a rule; `field` names where (`title`, `position.before.space`). 400. */
export class InvalidInputError extends QuireError {
  readonly field: string
  constructor(error: InvalidInput) {
    super(error.message, { status: DomainErrors.InvalidInput.status, cause: error })
    this.field = error.field
  }
}
/** The resource does not exist, or the caller may not know that it exists. 404. */
export class NotFoundError extends QuireError {
  constructor(error: NotFound) {
    super(error.message, { status: DomainErrors.NotFound.status, cause: error })
  }
}
/** No valid credentials (an API token that authenticates no one). 401. */
export class UnauthorizedError extends QuireError {
  constructor(error: Unauthorized) {
    super(error.message, { status: DomainErrors.Unauthorized.status, cause: error })
  }
}
/** The caller can see the resource but its role does not allow the action. 403. */
export class ForbiddenError extends QuireError {
  constructor(error: Forbidden) {
    super(error.message, { status: DomainErrors.Forbidden.status, cause: error })
  }
}
/** Valid, but conflicts with the current state. 409. */
export class ConflictError extends QuireError {
  constructor(error: Conflict) {
    super(error.message, { status: DomainErrors.Conflict.status, cause: error })
  }
}
/** It existed but can no longer be brought back. 410. */
export class GoneError extends QuireError {
  constructor(error: Gone) {
    super(error.message, { status: DomainErrors.Gone.status, cause: error })
  }
}
/** Too many requests. 429. */
export class RateLimitedError extends QuireError {
  constructor(error: RateLimited) {
    super(error.message, { status: DomainErrors.RateLimited.status, cause: error })
  }
}

// `name` on each prototype, so that a stack's first line names the class.
for (const [name, cls] of Object.entries({
  QuireError,
  InvalidInputError,
  NotFoundError,
  UnauthorizedError,
  ForbiddenError,
  ConflictError,
  GoneError,
  RateLimitedError
})) {
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true })
}

/** One class per core error: refuses to compile while a core error has none. */
const classes: {
  readonly [T in DomainError["_tag"]]: new (error: Extract<DomainError, { readonly _tag: T }>) => QuireError
} = {
  InvalidInput: InvalidInputError,
  NotFound: NotFoundError,
  Unauthorized: UnauthorizedError,
  Forbidden: ForbiddenError,
  Conflict: ConflictError,
  Gone: GoneError,
  RateLimited: RateLimitedError
}

const isDomainError = (u: unknown): u is DomainError =>
  typeof u === "object" && u !== null && Object.hasOwn(classes, (u as { _tag?: unknown })._tag as PropertyKey) &&
  u instanceof DomainErrors[(u as DomainError)._tag]

/** A core error as its class; anything else (a defect) as a `QuireError` with status 500. */
export const fromFailure = (failure: unknown): QuireError => {
  if (isDomainError(failure)) {
    const make = classes[failure._tag] as new (error: DomainError) => QuireError
    return new make(failure)
  }
  if (failure instanceof QuireError) return failure
  const message = failure instanceof Error ? failure.message : String(failure)
  return new QuireError(`An unexpected error occurred: ${message}`, { status: 500, cause: failure })
}

/** What a failed call's cause becomes: its first failure, else its defect, else an interruption. */
export const fromCause = (cause: Cause.Cause<unknown>): QuireError => {
  const failure = Cause.failureOption(cause)
  if (Option.isSome(failure)) return fromFailure(failure.value)
  const defect = Cause.dieOption(cause)
  if (Option.isSome(defect)) return fromFailure(defect.value)
  return new QuireError("The call was interrupted", { status: 500, cause: Cause.squash(cause) })
}

/** The error's stack made of the one captured at the caller's line (`site`), not inside Effect. */
export const withStack = <E extends QuireError>(error: E, site: { readonly stack?: string | undefined }): E => {
  const frames = site.stack ?? ""
  const at = frames.indexOf("\n")
  error.stack = `${error.name}: ${error.message}${at === -1 ? "" : frames.slice(at)}`
  return error
}
