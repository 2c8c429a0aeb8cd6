import { Effect, Option } from "effect"
import { Actor } from "../policy/Actor.js"
import { Conflict } from "../shared/errors.js"
import { makeId, type UserId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { Storage } from "../storage/Storage.js"
import { CreateUserInput } from "./inputs.js"
import { renderUser } from "./render.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { UserRepository } from "../storage/users/UserRepository.js"

/**
 * Users are principals. They are made by the operator (CLI, embedding code), not through
 * the `/v1` API, which has no operation to sign up.
 */
export class Users extends Effect.Service<Users>()("@quire/core/Users", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const users = yield* UserRepository
    const urls = yield* Urls

    const me = Effect.map(Actor, (actor) => renderUser(urls, actor))

    const create = (input: CreateUserInput) =>
      storage.transaction(
        Effect.gen(function* () {
          const valid = yield* validate(CreateUserInput)(input)
          const existing = yield* users.findByEmail(valid.email)
          if (Option.isSome(existing)) {
            return yield* Effect.fail(new Conflict({ message: `A user with e-mail "${valid.email}" already exists` }))
          }
          const record: UserRecord = {
            id: yield* makeId<UserId>(),
            displayName: valid.displayName,
            email: valid.email,
            photoURL: valid.photoURL ?? null,
            createdAt: yield* now
          }
          yield* users.insert(record)
          return record
        })
      )

    const findByEmail = (email: string) => users.findByEmail(email)
    /** A user by id (e.g. to act as the user a signed link was issued to). */
    const findById = (id: UserId) => users.findById(id)
    const count = users.count

    return { me, create, findByEmail, findById, count, render: (record: UserRecord) => renderUser(urls, record) } as const
  })
}) {}
