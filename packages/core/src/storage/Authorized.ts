/**
 * What every read and write of a guarded record requires: proof that the caller's right to it
 * was decided. The ports of guarded records (organizations, members, invites, teams,
 * collections, spaces, change requests) declare it on each method, so no service can read one
 * without it. It exists only in types: an adapter's effects require nothing and still fit the
 * ports (an effect's requirements are covariant). `policy/Authorized.ts` says how a service
 * discharges it, and `Access` (the authority that decides) how it reads without it.
 */
declare const AuthorizedId: unique symbol
export interface Authorized {
  readonly [AuthorizedId]: typeof AuthorizedId
}
