import { TokenRepository, UserRepository } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, makeUser, newId, type StorageLayer } from "./contract-fixtures.js"

const newHash = () => newId<string>() + newId<string>()

export const tokensContract = (storage: StorageLayer) =>
  describe("TokenRepository revocation", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("deleting a token removes it alone, and says whether it existed", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const tokens = yield* TokenRepository
          const owner = makeUser()
          yield* users.insert(owner)
          const revoked = newHash()
          const kept = newHash()
          yield* tokens.insert({ hash: revoked, userId: owner.id, label: "ci", createdAt: at(1) })
          yield* tokens.insert({ hash: kept, userId: owner.id, label: "laptop", createdAt: at(2) })
          expect(yield* tokens.delete(revoked)).toBe(true)
          expect(yield* tokens.findUserByHash(revoked)).toStrictEqual(Option.none())
          expect(yield* tokens.findUserByHash(kept)).toStrictEqual(Option.some(owner))
          expect(yield* tokens.delete(revoked)).toBe(false)
          expect(yield* tokens.delete(newHash())).toBe(false)
        })
      )

      it.effect("deleting a user's tokens removes all of them and no one else's, and counts them", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const tokens = yield* TokenRepository
          const leaving = makeUser()
          const staying = makeUser()
          yield* users.insert(leaving)
          yield* users.insert(staying)
          const hashes = [newHash(), newHash(), newHash()]
          for (const hash of hashes) yield* tokens.insert({ hash, userId: leaving.id, label: "api", createdAt: at(1) })
          const other = newHash()
          yield* tokens.insert({ hash: other, userId: staying.id, label: "api", createdAt: at(1) })
          expect(yield* tokens.deleteAllOfUser(leaving.id)).toBe(3)
          for (const hash of hashes) expect(yield* tokens.findUserByHash(hash)).toStrictEqual(Option.none())
          expect(yield* tokens.findUserByHash(other)).toStrictEqual(Option.some(staying))
          expect(yield* tokens.deleteAllOfUser(leaving.id)).toBe(0)
        })
      )

      it.effect("two deletions of one token at once: exactly one removed it", () =>
        Effect.gen(function* () {
          const users = yield* UserRepository
          const tokens = yield* TokenRepository
          const owner = makeUser()
          yield* users.insert(owner)
          const hash = newHash()
          yield* tokens.insert({ hash, userId: owner.id, label: "api", createdAt: at(1) })
          const answers = yield* Effect.all([tokens.delete(hash), tokens.delete(hash)], { concurrency: 2 })
          expect(answers.filter(Boolean)).toStrictEqual([true])
        })
      )
    })
  })
