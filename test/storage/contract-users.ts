import { TokenRepository, UserRepository } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, makeUser, newId, type StorageLayer } from "./contract-fixtures.js"

export const usersContract = (storage: StorageLayer) =>
  describe("UserRepository and TokenRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a user comes back as inserted, nulls and all", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const plain = makeUser({ createdAt: at(12.345) })
          const pictured = makeUser({ displayName: "Grace Hopper", photoURL: "https://example.com/g.png" })
          yield* users.insert(plain)
          yield* users.insert(pictured)
          expect(yield* users.findById(plain.id)).toStrictEqual(Option.some(plain))
          expect(yield* users.findById(pictured.id)).toStrictEqual(Option.some(pictured))
          expect(Option.getOrThrow(yield* users.findById(plain.id)).createdAt).toBe("2024-01-01T00:00:12.345Z")
          expect(yield* users.findById(newId())).toStrictEqual(Option.none())
        })
      )

      it.effect("finds a user by e-mail whatever the case", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const id = newId<any>()
          const user = makeUser({ id, email: `Mixed.Case.${id}@Example.COM` })
          yield* users.insert(user)
          expect(yield* users.findByEmail(user.email)).toStrictEqual(Option.some(user))
          expect(yield* users.findByEmail(user.email.toLowerCase())).toStrictEqual(Option.some(user))
          expect(yield* users.findByEmail(user.email.toUpperCase())).toStrictEqual(Option.some(user))
          expect(yield* users.findByEmail(`other.${id}@example.com`)).toStrictEqual(Option.none())
          // Only equality, no pattern matching.
          expect(yield* users.findByEmail(`%${id}@example.com`)).toStrictEqual(Option.none())
        })
      )

      it.effect("counts users", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const before = yield* users.count
          yield* users.insert(makeUser())
          yield* users.insert(makeUser())
          expect(yield* users.count).toBe(before + 2)
        })
      )

      it.effect("a token hash leads to its user, an unknown hash to nothing", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const tokens = yield* TokenRepository
          const owner = makeUser()
          const other = makeUser()
          yield* users.insert(owner)
          yield* users.insert(other)
          const hash = newId<string>() + newId<string>()
          yield* tokens.insert({ hash, userId: owner.id, label: "ci", createdAt: at(1) })
          yield* tokens.insert({ hash: hash.toLowerCase() + "x", userId: other.id, label: "api", createdAt: at(2) })
          expect(yield* tokens.findUserByHash(hash)).toStrictEqual(Option.some(owner))
          expect(yield* tokens.findUserByHash(hash.toLowerCase() + "x")).toStrictEqual(Option.some(other))
          expect(yield* tokens.findUserByHash(newId())).toStrictEqual(Option.none())
        })
      )
    })
  })
