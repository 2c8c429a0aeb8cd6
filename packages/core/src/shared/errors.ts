import { Schema } from "effect"

/** The resource does not exist, or the caller may not know that it exists. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 404 as const

  static of(what: string, id: string) {
    return new NotFound({ message: `${what} "${id}" was not found` })
  }
}

/** No valid credentials were presented. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 401 as const
}

/** The caller can see the resource but its role does not allow the action. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 403 as const
}

/** Input breaks a rule; `field` names where (a dotted path such as `position.before.space`). */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  field: Schema.String,
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 400 as const

  static of(field: string, rule: string) {
    return new InvalidInput({ field, message: `Invalid value for "${field}": ${rule}` })
  }
}

/** The request is valid but conflicts with the current state. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 409 as const
}

/** The resource existed but can no longer be brought back (e.g. the restore window elapsed). */
export class Gone extends Schema.TaggedError<Gone>()("Gone", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 410 as const
}

export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  message: Schema.String
}) {
  /** The HTTP status the `/v1` API answers it with (the HTTP adapter and `@quire/embed` read it here). */
  static readonly status = 429 as const
}

export type DomainError = NotFound | Unauthorized | Forbidden | InvalidInput | Conflict | Gone | RateLimited

/** Every core error class, by tag: what an adapter maps (each carries its HTTP `status`). */
export const DomainErrors = { NotFound, Unauthorized, Forbidden, InvalidInput, Conflict, Gone, RateLimited } as const satisfies {
  readonly [T in DomainError["_tag"]]: { readonly status: number } & (abstract new (...args: any) => Extract<DomainError, { _tag: T }>)
}
