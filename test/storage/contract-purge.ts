import { ChangeRequestRepository, SpaceRepository, type UserId } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, makeChangeRequest, newId, type StorageLayer, storedSpace } from "./contract-fixtures.js"

export const purgeContract = (storage: StorageLayer) =>
  describe("SpaceRepository.purge", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("purging a space removes its change requests and their contributors, and leaves another space's alone", () =>
        Effect.gen(function* () {
          const spaces = yield* SpaceRepository
          const changeRequests = yield* ChangeRequestRepository
          const gone = yield* storedSpace
          const kept = yield* storedSpace
          const [ada, bob] = [newId<UserId>(), newId<UserId>()]
          const purged = [makeChangeRequest(gone, 1), makeChangeRequest(gone, 2, { status: "merged" })]
          const other = makeChangeRequest(kept, 1)
          for (const c of [...purged, other]) {
            yield* changeRequests.insert(c)
            yield* changeRequests.recordContributor(c.id, ada, at(1))
          }
          yield* changeRequests.recordContributor(purged[0]!.id, bob, at(2))

          yield* spaces.purge(gone)

          expect(yield* spaces.findById(gone)).toStrictEqual(Option.none())
          for (const c of purged) {
            expect(yield* changeRequests.findById(gone, c.id)).toStrictEqual(Option.none())
            expect(yield* changeRequests.listContributors(c.id)).toStrictEqual([])
          }
          expect(yield* changeRequests.lastNumber(gone)).toBe(0)
          expect(Option.isSome(yield* spaces.findById(kept))).toBe(true)
          expect(yield* changeRequests.findById(kept, other.id)).toStrictEqual(Option.some(other))
          expect(yield* changeRequests.listContributors(other.id)).toStrictEqual([
            { changeRequestId: other.id, userId: ada, firstContributedAt: at(1), lastContributedAt: at(1), contributions: 1 }
          ])
        })
      )
    })
  })
