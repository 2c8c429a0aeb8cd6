import { Context, type Effect, type Option } from "effect"
import type { UserId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"
import type { UserRecord } from "../users/UserRecord.js"

/** An API token is kept only as the sha256 of its secret. */
export interface TokenRecord {
  readonly hash: string
  readonly userId: UserId
  readonly label: string
  readonly createdAt: Timestamp
}

export class TokenRepository extends Context.Tag("@quire/core/TokenRepository")<
  TokenRepository,
  {
    readonly insert: (token: TokenRecord) => Effect.Effect<void>
    /** One lookup from token hash to its user: the hot path of every request. */
    readonly findUserByHash: (hash: string) => Effect.Effect<Option.Option<UserRecord>>
    /** Removes the token with this hash; whether there was one. */
    readonly delete: (hash: string) => Effect.Effect<boolean>
    /** Removes every token of the user; how many there were. */
    readonly deleteAllOfUser: (userId: UserId) => Effect.Effect<number>
  }
>() {}
