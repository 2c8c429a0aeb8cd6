import { ChangeRequestRepository, CommentRepository, SpaceRepository, type UserId } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import {
  at,
  makeChangeRequest,
  makeComment,
  makeReaction,
  makeReply,
  newId,
  type StorageLayer,
  storedSpace
} from "./contract-fixtures.js"

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

      it.effect("purging a space removes its comments (main content and change requests), replies and reactions, and no other's", () =>
        Effect.gen(function* () {
          const spaces = yield* SpaceRepository
          const changeRequests = yield* ChangeRequestRepository
          const comments = yield* CommentRepository
          const gone = yield* storedSpace
          const kept = yield* storedSpace
          const ada = newId<UserId>()
          const changeRequest = makeChangeRequest(gone, 1)
          yield* changeRequests.insert(changeRequest)
          const threads = [
            makeComment(gone),
            makeComment(gone, { changeRequestId: changeRequest.id }),
            makeComment(kept)
          ]
          const replies = threads.map((c) => makeReply(c))
          for (const [i, comment] of threads.entries()) {
            yield* comments.insert(comment)
            yield* comments.insertReply(replies[i]!)
            yield* comments.addReaction(makeReaction(comment, "👍", ada))
            yield* comments.addReaction(makeReaction(replies[i]!, "👍", ada))
          }

          yield* spaces.purge(gone)

          for (const [i, comment] of threads.slice(0, 2).entries()) {
            const place = { spaceId: gone, changeRequestId: comment.changeRequestId }
            expect(yield* comments.findById(place, comment.id)).toStrictEqual(Option.none())
            expect(yield* comments.findReply(gone, comment.id, replies[i]!.id)).toStrictEqual(Option.none())
            expect(yield* comments.listReplies(gone, comment.id, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
            expect(yield* comments.reactions(gone, [comment.id, replies[i]!.id])).toStrictEqual([])
            expect(yield* comments.commenters(place, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
          }
          expect(yield* comments.countOpen(gone, [null, changeRequest.id])).toStrictEqual(new Map())
          const other = threads[2]!
          expect(yield* comments.findById({ spaceId: kept, changeRequestId: null }, other.id)).toStrictEqual(Option.some(other))
          expect(yield* comments.findReply(kept, other.id, replies[2]!.id)).toStrictEqual(Option.some(replies[2]))
          expect(yield* comments.reactions(kept, [other.id, replies[2]!.id])).toHaveLength(2)
          expect(yield* comments.countOpenInSpaces([gone, kept])).toStrictEqual(new Map([[kept, 1]]))
        })
      )
    })
  })
