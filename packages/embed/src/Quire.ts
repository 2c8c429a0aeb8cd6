import { Actor, GuardedFetcherLive, InvalidInput, NotFound, QuireCore, QuireServices, type UserId, type UserRecord } from "@quire/core"
import { installRootFibers } from "@quire/core/rootFibers"
import { Effect, Either, Exit, Layer, ManagedRuntime, Option, Runtime } from "effect"
import { parseDatabaseUrl, storageLayer } from "./DatabaseUrl.js"
import { fromCause, fromFailure, QuireError, withStack } from "./errors.js"

/** The effect a service member makes: a method's result, or the member itself when it is an effect (`Users.me`). */
type EffectOf<M> = M extends (...args: any) => infer Made ? Made : M

/**
 * Whether a result holds effects to run later (the bound readers `open` returns, an
 * export's `fileBytes`): such members stay Effect-only, a Promise caller could not run what
 * they return. An `Option` (`users.findById`) is data.
 */
type HoldsEffects<A> = A extends Option.Option<unknown>
  ? false
  : A extends object
  ? true extends { [K in keyof A]: A[K] extends (...args: any) => Effect.Effect<any, any, any> ? true : false }[keyof A]
    ? true
    : false
  : false

/** Whether the facade has a member: it makes an effect that needs no more than `Provided`, and its result is plain data. */
type Promisable<M, Provided> =
  EffectOf<M> extends Effect.Effect<infer A, infer _E, infer R>
    ? [Exclude<R, Provided>] extends [never]
      ? HoldsEffects<A> extends true
        ? false
        : true
      : false
    : false

/** A member as a Promise: a method with the same parameters, an effect as a method of none. */
type PromiseOf<M> = M extends (...args: infer P) => Effect.Effect<infer A, infer _E, infer _R>
  ? (...args: P) => Promise<A>
  : M extends Effect.Effect<infer A, infer _E, infer _R>
    ? () => Promise<A>
    : never

/**
 * A service's Promise facade, derived from its Effect shape: each member that makes an effect
 * needing at most `Provided` (the caller, `Actor`, for `quire.as(...)`), with the same
 * parameters and the effect's success as its result. A failure rejects with a `QuireError`.
 */
export type Promised<S, Provided = Actor> = {
  readonly [K in keyof S as Promisable<S[K], Provided> extends true ? K : never]: PromiseOf<S[K]>
}

/** Every core service (see `QuireServices`), acting as one user. */
export type QuireAs = { readonly [K in keyof QuireServices]: Promised<QuireServices[K]> }

export interface OpenQuireOptions {
  /** `sqlite:<path>`, `postgres://user@host:port/db` or `memory:`, as the server's `DATABASE_URL`. */
  readonly database: string
  /** Where the documentation is served: the base of the `urls` resources carry. */
  readonly publicUrl: string
}

export interface Quire {
  /** What needs no caller: make and find users. */
  readonly users: Promised<QuireServices["users"], never>
  /** API tokens: issue, authenticate, revoke (no caller). */
  readonly apiTokens: Promised<QuireServices["apiTokens"], never>
  /**
   * The services acting as `user`: a user record (as `users.create` returns it) or a user's
   * id, which each call then loads (`NotFoundError` when there is no such user).
   */
  as(user: UserRecord | UserId): QuireAs
  /** Releases every connection. Harmless twice; calls after it reject with a `QuireError` (503). */
  close(): Promise<void>
}

const CALLER = Symbol("@quire/embed/caller")
/** What a facade's methods find on `this`: whom they act as (nobody for `quire.users`). */
interface Bound {
  readonly [CALLER]: UserRecord | UserId | undefined
}
/** Where a call came from: a stack captured at the caller's line (`Error.captureStackTrace`). */
interface Site {
  stack?: string
}
type Call = (effect: Effect.Effect<unknown, unknown, Actor>, caller: Bound[typeof CALLER], site: Site) => Promise<unknown>

/**
 * The one adapter every facade method is: the prototype of a service's facade, one wrapper per
 * member that makes an effect. The wrapper captures the stack first (so an error's stack starts
 * at the caller's line), makes the effect and runs it as the facade's caller.
 */
const facadeOf = (service: object, call: Call): object => {
  const prototype: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(service)) {
    if (typeof member === "function") {
      const method = function (this: Bound, ...args: Array<unknown>) {
        const site: Site = {}
        Error.captureStackTrace(site, method)
        let made: unknown
        try {
          made = member(...args)
        } catch (defect) {
          return Promise.reject(withStack(fromFailure(defect), site))
        }
        return Effect.isEffect(made)
          ? call(made as Effect.Effect<unknown, unknown, Actor>, this[CALLER], site)
          : Promise.resolve(made)
      }
      prototype[key] = method
    } else if (Effect.isEffect(member)) {
      const method = function (this: Bound) {
        const site: Site = {}
        Error.captureStackTrace(site, method)
        return call(member as Effect.Effect<unknown, unknown, Actor>, this[CALLER], site)
      }
      prototype[key] = method
    }
  }
  return prototype
}

const bind = (prototype: object, caller: Bound[typeof CALLER]) => {
  const facade = Object.create(prototype) as { [CALLER]: Bound[typeof CALLER] }
  facade[CALLER] = caller
  return facade
}

/**
 * Opens Quire on the storage `database` names, migrating it, with the core services built once
 * (one `ManagedRuntime`). Rejects with `InvalidInputError` (field `database`) for a URL it does
 * not understand, with a `QuireError` (500, the cause attached) when the storage does not open.
 */
export const openQuire = async (options: OpenQuireOptions): Promise<Quire> => {
  const site: Site = {}
  Error.captureStackTrace(site, openQuire)
  const choice = Effect.runSync(Effect.either(parseDatabaseUrl(options.database)))
  if (Either.isLeft(choice)) {
    throw withStack(fromFailure(InvalidInput.of("database", choice.left.message.replace(/^DATABASE_URL /, "the URL "))), site)
  }
  // Every call runs as a root fiber: let each go entirely when it ends (see `RootFibers`).
  installRootFibers()
  const managed = ManagedRuntime.make(
    QuireCore.layer({ publicUrl: options.publicUrl }).pipe(
      Layer.provideMerge(storageLayer(choice.right)),
      // Content imports fetch through it, as `quire serve`'s do (`QUIRE_FETCH_ALLOW`).
      Layer.provide(GuardedFetcherLive),
      // Without tracing, as `quire serve` runs: no tracer is installed to read the spans.
      Layer.provide(Layer.setTracerEnabled(false))
    )
  )
  const opened = await Effect.runPromiseExit(
    Effect.flatMap(managed.runtimeEffect, (runtime) =>
      Effect.map(Effect.provide(Effect.all(QuireServices), runtime), (services) => ({ runtime, services }))
    )
  )
  if (Exit.isFailure(opened)) {
    await managed.dispose()
    throw withStack(fromCause(opened.cause), site)
  }
  const { runtime, services } = opened.value
  const run = Runtime.runPromiseExit(runtime)
  const findUser = services.users.findById

  let closing: Promise<void> | undefined
  const settle = (exit: Exit.Exit<unknown, unknown>, site: Site) => {
    if (Exit.isSuccess(exit)) return exit.value
    throw withStack(fromCause(exit.cause), site)
  }
  const call: Call = (effect, caller, site) => {
    if (closing !== undefined) {
      return Promise.reject(
        withStack(new QuireError("Quire is closed: this instance's close() was called, open another with openQuire", { status: 503 }), site)
      )
    }
    const provided =
      caller === undefined
        ? (effect as Effect.Effect<unknown, unknown>)
        : typeof caller === "string"
          ? Effect.flatMap(findUser(caller), (user) =>
              Option.isSome(user) ? Effect.provideService(effect, Actor, user.value) : Effect.fail(NotFound.of("User", caller))
            )
          : Effect.provideService(effect, Actor, caller)
    return run(provided).then((exit) => settle(exit, site))
  }

  const prototypes = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, facadeOf(service, call)]))
  /** `quire.as(user)`: each service's facade made on first use, bound to the user. */
  class Caller {
    readonly [CALLER]: UserRecord | UserId
    constructor(caller: UserRecord | UserId) {
      this[CALLER] = caller
    }
  }
  for (const [name, prototype] of Object.entries(prototypes)) {
    Object.defineProperty(Caller.prototype, name, {
      get(this: Caller) {
        const facade = bind(prototype, this[CALLER])
        Object.defineProperty(this, name, { value: facade })
        return facade
      }
    })
  }

  return {
    users: bind(prototypes.users!, undefined) as unknown as Quire["users"],
    apiTokens: bind(prototypes.apiTokens!, undefined) as unknown as Quire["apiTokens"],
    as: (user) => new Caller(user) as unknown as QuireAs,
    close: () => (closing ??= managed.dispose())
  }
}
