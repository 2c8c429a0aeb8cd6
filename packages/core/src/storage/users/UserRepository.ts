import { Context, type Effect, type Option } from "effect"
import type { UserId } from "../../shared/ids.js"
import type { UserRecord } from "./UserRecord.js"

export class UserRepository extends Context.Tag("@quire/core/UserRepository")<
  UserRepository,
  {
    readonly insert: (user: UserRecord) => Effect.Effect<void>
    readonly findById: (id: UserId) => Effect.Effect<Option.Option<UserRecord>>
    /** E-mail addresses are compared case-insensitively. */
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<UserRecord>>
    readonly count: Effect.Effect<number>
  }
>() {}
