import type { Effect } from "effect"
import type { Authorized } from "../storage/Authorized.js"
import type { Storage } from "../storage/Storage.js"

/**
 * Compile-time proof that a service asks `Access` before it touches what a caller may not see.
 * Neither type exists at run time: both live only in an effect's requirements.
 *
 * - Reads and writes through the ports of guarded records require `Authorized` (their types
 *   say so: `storage/Authorized.ts`).
 * - Every `Access` answer requires `AccessChecked`.
 * - `authorized` removes both, and refuses to compile when the effect requires `Authorized`
 *   but never asked `Access`. A service method that forgot `authorized` leaks them into its
 *   type, which `QuireCore` refuses (see `LeaksAccess`).
 */
declare const AccessCheckedId: unique symbol
export interface AccessChecked {
  readonly [AccessCheckedId]: typeof AccessCheckedId
}

interface MissingAccessCheck {
  readonly "reads or writes guarded records without asking Access first": never
}

/** Discharges `Authorized` for an effect that asked `Access`. No cost at run time. */
export const authorized = <A, E, R>(
  self: Effect.Effect<A, E, R> & (Authorized extends R ? (AccessChecked extends R ? unknown : MissingAccessCheck) : unknown)
): Effect.Effect<A, E, Exclude<R, Authorized | AccessChecked>> =>
  self as unknown as Effect.Effect<A, E, Exclude<R, Authorized | AccessChecked>>

/** How a service runs its commands: `authorized`, in one storage transaction (all or nothing). */
export const authorizedCommand =
  (storage: Storage["Type"]) =>
  <A, E, R>(self: Parameters<typeof authorized<A, E, R>>[0]) =>
    storage.transaction(authorized(self))

/**
 * Discharges `Authorized` for what no resource decides: creating an organization, joining by
 * an invite link (the link is the permission), background jobs. Each use says why.
 */
export const unrestricted = <A, E, R>(
  _why: string,
  self: Effect.Effect<A, E, R>
): Effect.Effect<A, E, Exclude<R, Authorized | AccessChecked>> =>
  self as unknown as Effect.Effect<A, E, Exclude<R, Authorized | AccessChecked>>

type Requirements<T> = T extends (...args: ReadonlyArray<never>) => Effect.Effect<unknown, unknown, infer R>
  ? R
  : T extends Effect.Effect<unknown, unknown, infer R>
    ? R
    : never

/** The names of a service's members whose effects still require `Authorized` or `AccessChecked`. */
export type LeaksAccess<S> = {
  readonly [K in keyof S]: [Extract<Requirements<S[K]>, Authorized | AccessChecked>] extends [never] ? never : K
}[keyof S]
