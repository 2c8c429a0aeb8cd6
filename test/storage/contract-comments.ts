import {
  type ChangeRequestId,
  type CommentId,
  type CommentPlace,
  type CommentQuery,
  type CommentRecord,
  type CommentReplyRecord,
  CommentRepository,
  CommentStatus,
  commenterSortKey,
  commentSortKey,
  ChangeRequestRepository,
  type ReactionRecord,
  replySortKey,
  type RevisionId,
  type SpaceId,
  type UserId
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import {
  at,
  makeChangeRequest,
  makeComment,
  makeReaction,
  makeReply,
  newId,
  sortRows,
  type StorageLayer,
  storedSpace,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 25
const PEOPLE = 3
const PAGES = ["page-a", "page-b"]

/** A stored space with two change requests: its three places. */
const storedPlaces = Effect.gen(function* () {
  const changeRequests = yield* ChangeRequestRepository
  const spaceId = yield* storedSpace
  const first = makeChangeRequest(spaceId, 1)
  const second = makeChangeRequest(spaceId, 2)
  yield* changeRequests.insert(first)
  yield* changeRequests.insert(second)
  const place = (changeRequestId: ChangeRequestId | null): CommentPlace => ({ spaceId, changeRequestId })
  return { spaceId, places: [place(null), place(first.id), place(second.id)] as const }
})

const inPlace = (place: CommentPlace) => ({ changeRequestId: place.changeRequestId })

/** Map entries in a stable order, `null` keys included, for comparing counts. */
const entries = <K, V>(map: ReadonlyMap<K, V>): Array<[K, V]> =>
  [...map].sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0))

const reactionSortKey = (r: ReactionRecord) => [r.reactedAt, r.userId, r.subjectId, r.emoji]

const commentShape = fc.record({
  place: fc.nat(2),
  status: fc.constantFrom(...CommentStatus.literals),
  page: fc.option(fc.nat(PAGES.length - 1), { nil: null }),
  author: fc.nat(PEOPLE - 1),
  /** Few distinct times, so many ties broken by id. */
  posted: fc.integer({ min: 0, max: 3 })
})

const queryShape = fc.record({
  place: fc.nat(2),
  status: fc.option(fc.constantFrom(...CommentStatus.literals), { nil: undefined }),
  page: fc.option(fc.nat(PAGES.length - 1), { nil: undefined }),
  /** Indexes of people; an empty list filters nothing. */
  authors: fc.option(fc.subarray(Array.from({ length: PEOPLE }, (_, i) => i)), { nil: undefined }),
  order: fc.constantFrom("asc" as const, "desc" as const)
})

export const commentsContract = (storage: StorageLayer) =>
  describe("CommentRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a comment comes back by id in its own place only, as inserted and as updated, nulls included", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const { spaceId, places } = yield* storedPlaces
          const [main, cr] = places
          const other = (yield* storedPlaces).places[0]
          const bare = makeComment(spaceId, { postedAt: at(1.5) })
          const full = makeComment(spaceId, {
            ...inPlace(cr),
            pageId: "page-a",
            pageDocument: "hash-1",
            nodeId: "node-1",
            nodePreview: "The block's text",
            body: "Ünïcode, \"quotes\", 'apostrophes' and **markdown** for @someone",
            mentions: [newId<UserId>(), newId<UserId>()],
            postedAt: at(2),
            editedAt: at(3),
            status: "resolved",
            resolvedAt: at(4),
            resolvedBy: newId<UserId>()
          })
          yield* comments.insert(bare)
          yield* comments.insert(full)
          expect(yield* comments.findById(main, bare.id)).toStrictEqual(Option.some(bare))
          expect(yield* comments.findById(cr, full.id)).toStrictEqual(Option.some(full))
          // Main content and a change request are different places, and so is another space.
          expect(yield* comments.findById(cr, bare.id)).toStrictEqual(Option.none())
          expect(yield* comments.findById(main, full.id)).toStrictEqual(Option.none())
          expect(yield* comments.findById(places[2], full.id)).toStrictEqual(Option.none())
          expect(yield* comments.findById(other, bare.id)).toStrictEqual(Option.none())
          expect(yield* comments.findById(main, newId())).toStrictEqual(Option.none())

          const edited: CommentRecord = {
            ...bare,
            pageId: "page-b",
            body: "Edited",
            mentions: [newId<UserId>()],
            editedAt: at(5),
            status: "resolved",
            resolvedAt: at(5),
            resolvedBy: newId<UserId>(),
            revisionId: newId<RevisionId>()
          }
          yield* comments.update(edited)
          expect(yield* comments.findById(main, bare.id)).toStrictEqual(Option.some(edited))
          const reopened: CommentRecord = { ...full, status: "open", resolvedAt: null, resolvedBy: null, mentions: [] }
          yield* comments.update(reopened)
          expect(yield* comments.findById(cr, full.id)).toStrictEqual(Option.some(reopened))

          // Updating a comment that was never inserted changes nothing.
          const ghost = makeComment(spaceId)
          yield* comments.update(ghost)
          expect(yield* comments.findById(main, ghost.id)).toStrictEqual(Option.none())
        })
      )

      it.effect("an empty list counts 0", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const { spaceId, places } = yield* storedPlaces
          yield* comments.insert(makeComment(spaceId, { status: "resolved" }))
          const first = { after: undefined, limit: 10 }
          expect(yield* comments.list(places[0], { status: "open", order: "desc" }, first)).toStrictEqual({ rows: [], count: 0 })
          expect(yield* comments.list(places[1], { order: "asc" }, first)).toStrictEqual({ rows: [], count: 0 })
          // Past the last row, the count is still the total.
          const past = { after: [at(9), "~"], limit: 10 }
          expect(yield* comments.list(places[0], { order: "asc" }, past)).toStrictEqual({ rows: [], count: 1 })
        })
      )

      it.effect.prop(
        "list keeps to its place, filters by status, page and authors, counts, and walks every row once in either order",
        [fc.array(commentShape, { minLength: 1, maxLength: 14 }), queryShape, fc.integer({ min: 1, max: 4 })],
        ([shapes, q, limit]) =>
          Effect.gen(function* () {
            const comments = yield* CommentRepository
            const { spaceId, places } = yield* storedPlaces
            const foreign = yield* storedSpace
            const people = Array.from({ length: PEOPLE }, () => newId<UserId>())
            const rows: Array<CommentRecord> = []
            for (const shape of shapes) {
              const fields = {
                status: shape.status,
                pageId: shape.page === null ? null : PAGES[shape.page]!,
                postedBy: people[shape.author]!,
                postedAt: at(shape.posted)
              }
              const record = makeComment(spaceId, { ...fields, ...inPlace(places[shape.place]!) })
              yield* comments.insert(record)
              rows.push(record)
              // The same comment in another space's main content must never show.
              yield* comments.insert(makeComment(foreign, fields))
            }
            const place = places[q.place]!
            const query: CommentQuery = {
              status: q.status,
              pageId: q.page === undefined ? undefined : PAGES[q.page],
              authors: q.authors?.map((i) => people[i]!),
              order: q.order
            }
            const expected = sortRows(
              rows.filter(
                (c) =>
                  c.changeRequestId === place.changeRequestId &&
                  (query.status === undefined || c.status === query.status) &&
                  (query.pageId === undefined || c.pageId === query.pageId) &&
                  (query.authors === undefined || query.authors.length === 0 || query.authors.includes(c.postedBy))
              ),
              commentSortKey,
              query.order
            )
            const listed = yield* walk((k) => comments.list(place, query, k), limit, commentSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("open comments are counted per place, null standing for the main content, and per space's main content", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const changeRequests = yield* ChangeRequestRepository
          const { spaceId, places } = yield* storedPlaces
          const [main, first, second] = places
          const otherSpace = yield* storedSpace
          const emptySpace = yield* storedSpace
          const unused = makeChangeRequest(spaceId, 3)
          yield* changeRequests.insert(unused)
          const add = (space: SpaceId, place: CommentPlace | null, status: CommentRecord["status"]) =>
            comments.insert(makeComment(space, { status, changeRequestId: place?.changeRequestId ?? null }))
          yield* add(spaceId, main, "open")
          yield* add(spaceId, main, "open")
          yield* add(spaceId, main, "resolved")
          yield* add(spaceId, first, "open")
          yield* add(spaceId, first, "resolved")
          yield* add(spaceId, second, "resolved")
          yield* add(otherSpace, null, "open")

          const count = (space: SpaceId, ids: ReadonlyArray<ChangeRequestId | null>) =>
            Effect.map(comments.countOpen(space, ids), entries)
          const ids = [null, first.changeRequestId, second.changeRequestId, unused.id]
          expect(yield* count(spaceId, ids)).toStrictEqual(entries(new Map([[null, 2], [first.changeRequestId, 1]])))
          // Only the places asked for.
          expect(yield* count(spaceId, [first.changeRequestId])).toStrictEqual([[first.changeRequestId, 1]])
          expect(yield* count(spaceId, [null])).toStrictEqual([[null, 2]])
          expect(yield* count(spaceId, [second.changeRequestId, unused.id])).toStrictEqual([])
          expect(yield* count(spaceId, [])).toStrictEqual([])
          // Another space's: its own main content only; a change request of this space is not in it.
          expect(yield* count(otherSpace, ids)).toStrictEqual([[null, 1]])

          const inSpaces = (spaceIds: ReadonlyArray<SpaceId>) => Effect.map(comments.countOpenInSpaces(spaceIds), entries)
          expect(yield* inSpaces([spaceId, otherSpace, emptySpace, newId<SpaceId>()])).toStrictEqual(
            entries(new Map([[spaceId, 2], [otherSpace, 1]]))
          )
          expect(yield* inSpaces([emptySpace])).toStrictEqual([])
          expect(yield* inSpaces([])).toStrictEqual([])
        })
      )

      it.effect("replies: found under their comment and space only, updated, listed oldest first with the comment's count", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const { spaceId, places } = yield* storedPlaces
          const otherSpace = yield* storedSpace
          const comment = makeComment(spaceId)
          const sibling = makeComment(spaceId, inPlace(places[1]))
          yield* comments.insert(comment)
          yield* comments.insert(sibling)
          const replies = [at(2), at(1), at(1), at(3), at(1)].map((postedAt) => makeReply(comment, { postedAt }))
          for (const reply of replies) yield* comments.insertReply(reply)
          const elsewhere = makeReply(sibling)
          yield* comments.insertReply(elsewhere)

          const reply = replies[0]!
          expect(yield* comments.findReply(spaceId, comment.id, reply.id)).toStrictEqual(Option.some(reply))
          expect(yield* comments.findReply(spaceId, sibling.id, reply.id)).toStrictEqual(Option.none())
          expect(yield* comments.findReply(otherSpace, comment.id, reply.id)).toStrictEqual(Option.none())
          expect(yield* comments.findReply(spaceId, comment.id, newId())).toStrictEqual(Option.none())

          const edited: CommentReplyRecord = { ...reply, body: "Edited: see @them", mentions: [newId<UserId>()], editedAt: at(9) }
          yield* comments.updateReply(edited)
          expect(yield* comments.findReply(spaceId, comment.id, reply.id)).toStrictEqual(Option.some(edited))
          replies[0] = edited

          const expected = sortRows(replies, replySortKey)
          for (const limit of [1, 2, 10]) {
            const listed = yield* walk((k) => comments.listReplies(spaceId, comment.id, k), limit, replySortKey, replies.length)
            expect(listed).toStrictEqual(expected)
          }
          expect(yield* comments.listReplies(spaceId, sibling.id, { after: undefined, limit: 5 })).toStrictEqual({
            rows: [elsewhere],
            count: 1
          })
          expect(yield* comments.listReplies(otherSpace, comment.id, { after: undefined, limit: 5 })).toStrictEqual({
            rows: [],
            count: 0
          })
        })
      )

      it.effect("repliers: per comment and replier, how many replies and the last one's time, by first reply then user", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const spaceId = yield* storedSpace
          const otherSpace = yield* storedSpace
          const [ada, bob, cy] = [newId<UserId>(), newId<UserId>(), newId<UserId>()]
          const one = makeComment(spaceId)
          const two = makeComment(spaceId)
          const silent = makeComment(spaceId)
          const foreign = makeComment(otherSpace)
          for (const c of [one, two, silent, foreign]) yield* comments.insert(c)
          const posts: Array<[CommentRecord, UserId, number]> = [
            [one, ada, 3],
            [one, bob, 1],
            [one, ada, 1],
            [one, cy, 1],
            [one, bob, 2],
            [two, cy, 4],
            [foreign, ada, 0]
          ]
          for (const [c, postedBy, t] of posts) yield* comments.insertReply(makeReply(c, { postedBy, postedAt: at(t) }))

          const tied = [ada, bob, cy].sort()
          const oneRepliers = [
            { commentId: one.id, userId: ada, replies: 2, lastRepliedAt: at(3) },
            { commentId: one.id, userId: bob, replies: 2, lastRepliedAt: at(2) },
            { commentId: one.id, userId: cy, replies: 1, lastRepliedAt: at(1) }
          ].sort((a, b) => tied.indexOf(a.userId) - tied.indexOf(b.userId))
          const twoRepliers = [{ commentId: two.id, userId: cy, replies: 1, lastRepliedAt: at(4) }]
          const byComment = one.id < two.id ? [...oneRepliers, ...twoRepliers] : [...twoRepliers, ...oneRepliers]
          expect(yield* comments.repliers(spaceId, [one.id, two.id, silent.id, foreign.id])).toStrictEqual(byComment)
          expect(yield* comments.repliers(spaceId, [two.id])).toStrictEqual(twoRepliers)
          expect(yield* comments.repliers(spaceId, [silent.id])).toStrictEqual([])
          expect(yield* comments.repliers(spaceId, [])).toStrictEqual([])
          expect(yield* comments.repliers(otherSpace, [one.id])).toStrictEqual([])

          // A later first reply puts its replier after those who replied earlier.
          const dan = newId<UserId>()
          yield* comments.insertReply(makeReply(two, { postedBy: dan, postedAt: at(0) }))
          expect(yield* comments.repliers(spaceId, [two.id])).toStrictEqual([
            { commentId: two.id, userId: dan, replies: 1, lastRepliedAt: at(0) },
            ...twoRepliers
          ])
        })
      )

      it.effect("a reaction is kept once per subject, emoji and user; removed by the same three; listed by time then user", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const spaceId = yield* storedSpace
          const otherSpace = yield* storedSpace
          const [ada, bob] = [newId<UserId>(), newId<UserId>()]
          const comment = makeComment(spaceId)
          yield* comments.insert(comment)
          const reply = makeReply(comment)
          yield* comments.insertReply(reply)
          const forComment = [
            makeReaction(comment, "👍", ada, at(1)),
            makeReaction(comment, "🎉", ada, at(1)),
            makeReaction(comment, "👍", bob, at(0)),
            makeReaction(comment, "1f600", bob, at(2))
          ]
          const forReply = [makeReaction(reply, "👍", ada, at(1)), makeReaction(reply, "👍", bob, at(1))]
          for (const r of [...forComment, ...forReply]) yield* comments.addReaction(r)
          // The same reaction again, later: nothing changes, not even its time.
          yield* comments.addReaction(makeReaction(comment, "👍", ada, at(7)))
          yield* comments.addReaction(makeReaction(reply, "👍", bob, at(8)))

          expect(yield* comments.reactions(spaceId, [comment.id])).toStrictEqual(sortRows(forComment, reactionSortKey))
          expect(yield* comments.reactions(spaceId, [reply.id])).toStrictEqual(sortRows(forReply, reactionSortKey))
          const all = sortRows([...forComment, ...forReply], reactionSortKey)
          expect(yield* comments.reactions(spaceId, [comment.id, reply.id, newId()])).toStrictEqual(all)
          expect(yield* comments.reactions(spaceId, [])).toStrictEqual([])
          expect(yield* comments.reactions(otherSpace, [comment.id, reply.id])).toStrictEqual([])

          // A subject that is no comment or reply of the space takes no reaction.
          yield* comments.addReaction({ ...makeReaction(comment, "👀", ada), spaceId: otherSpace })
          yield* comments.addReaction({ ...makeReaction(comment, "👀", ada), subjectId: newId<CommentId>() })
          expect(yield* comments.reactions(otherSpace, [comment.id])).toStrictEqual([])
          expect(yield* comments.reactions(spaceId, [comment.id, reply.id])).toStrictEqual(all)

          // Removing needs the space, the subject, the emoji and the user.
          yield* comments.removeReaction(otherSpace, comment.id, "👍", ada)
          yield* comments.removeReaction(spaceId, comment.id, "👀", ada)
          yield* comments.removeReaction(spaceId, reply.id, "🎉", ada)
          expect(yield* comments.reactions(spaceId, [comment.id, reply.id])).toStrictEqual(all)
          yield* comments.removeReaction(spaceId, comment.id, "👍", ada)
          yield* comments.removeReaction(spaceId, reply.id, "👍", bob)
          const left = all.filter(
            (r) => !(r.subjectId === comment.id && r.emoji === "👍" && r.userId === ada) && !(r.subjectId === reply.id && r.userId === bob)
          )
          expect(left).toHaveLength(4)
          expect(yield* comments.reactions(spaceId, [comment.id, reply.id])).toStrictEqual(left)
          // Removed, it may be added again, with its new time.
          const again = makeReaction(comment, "👍", ada, at(9))
          yield* comments.addReaction(again)
          expect(yield* comments.reactions(spaceId, [comment.id, reply.id])).toStrictEqual([...left, again])
        })
      )

      it.effect("deleting a reply takes its reactions; deleting a comment takes its replies and every reaction in the thread", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const { spaceId, places } = yield* storedPlaces
          const main = places[0]
          const otherSpace = yield* storedSpace
          const ada = newId<UserId>()
          const comment = makeComment(spaceId)
          const kept = makeComment(spaceId)
          yield* comments.insert(comment)
          yield* comments.insert(kept)
          const [first, second] = [makeReply(comment, { postedAt: at(1) }), makeReply(comment, { postedAt: at(2) })]
          const keptReply = makeReply(kept)
          for (const r of [first, second, keptReply]) yield* comments.insertReply(r)
          for (const subject of [comment, first, second, kept, keptReply]) yield* comments.addReaction(makeReaction(subject, "👍", ada))
          const reactionsTo = (subjects: ReadonlyArray<{ readonly id: string }>) =>
            comments.reactions(spaceId, subjects.map((s) => s.id as CommentId))

          // In another space, nothing is deleted.
          yield* comments.deleteReply(otherSpace, first.id)
          yield* comments.delete(otherSpace, comment.id)
          expect(Option.isSome(yield* comments.findReply(spaceId, comment.id, first.id))).toBe(true)
          expect(Option.isSome(yield* comments.findById(main, comment.id))).toBe(true)

          yield* comments.deleteReply(spaceId, first.id)
          expect(yield* comments.findReply(spaceId, comment.id, first.id)).toStrictEqual(Option.none())
          expect(yield* reactionsTo([first])).toStrictEqual([])
          expect(yield* reactionsTo([comment, second])).toStrictEqual(
            sortRows([makeReaction(comment, "👍", ada), makeReaction(second, "👍", ada)], reactionSortKey)
          )
          expect(yield* comments.listReplies(spaceId, comment.id, { after: undefined, limit: 5 })).toStrictEqual({
            rows: [second],
            count: 1
          })

          yield* comments.delete(spaceId, comment.id)
          expect(yield* comments.findById(main, comment.id)).toStrictEqual(Option.none())
          expect(yield* comments.findReply(spaceId, comment.id, second.id)).toStrictEqual(Option.none())
          expect(yield* comments.listReplies(spaceId, comment.id, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
          expect(yield* comments.repliers(spaceId, [comment.id])).toStrictEqual([])
          expect(yield* reactionsTo([comment, second])).toStrictEqual([])
          // A reaction to a deleted subject is not taken.
          yield* comments.addReaction(makeReaction(comment, "🎉", ada))
          expect(yield* reactionsTo([comment])).toStrictEqual([])

          // The other thread is whole.
          expect(yield* comments.findById(main, kept.id)).toStrictEqual(Option.some(kept))
          expect(yield* comments.findReply(spaceId, kept.id, keptReply.id)).toStrictEqual(Option.some(keptReply))
          expect(yield* reactionsTo([kept, keptReply])).toStrictEqual(
            sortRows([makeReaction(kept, "👍", ada), makeReaction(keptReply, "👍", ada)], reactionSortKey)
          )
        })
      )

      it.effect("commenters: who posted a comment or a reply in the place, once each, by first post then user id", () =>
        Effect.gen(function* () {
          const comments = yield* CommentRepository
          const [main, cr, empty] = (yield* storedPlaces).places
          const other = (yield* storedPlaces).places[0]
          const people = Array.from({ length: 6 }, () => newId<UserId>())
          const [a, b, c, d, e, f] = people as [UserId, UserId, UserId, UserId, UserId, UserId]
          const post = (place: CommentPlace, postedBy: UserId, t: number) =>
            Effect.as(comments.insert(makeComment(place.spaceId, { ...inPlace(place), postedBy, postedAt: at(t) })), undefined)
          const postWithReply = (place: CommentPlace, postedBy: UserId, t: number, replier: UserId, rt: number) =>
            Effect.gen(function* () {
              const comment = makeComment(place.spaceId, { ...inPlace(place), postedBy, postedAt: at(t) })
              yield* comments.insert(comment)
              yield* comments.insertReply(makeReply(comment, { postedBy: replier, postedAt: at(rt) }))
            })
          yield* post(main, b, 2)
          yield* post(main, a, 2)
          yield* post(main, a, 5)
          yield* postWithReply(main, c, 4, d, 1)
          yield* postWithReply(main, d, 6, c, 3)
          // In a change request, and in another space: not the main content's commenters.
          yield* postWithReply(cr, e, 0, f, 0)
          yield* postWithReply(cr, a, 7, b, 1)
          yield* post(other, f, 0)

          const firsts = (rows: ReadonlyArray<[UserId, number]>) =>
            sortRows(
              rows.map(([userId, t]) => ({ userId, firstPostedAt: at(t) })),
              commenterSortKey
            )
          const expectedMain = firsts([[a, 2], [b, 2], [c, 3], [d, 1]])
          const expectedCr = firsts([[e, 0], [f, 0], [a, 7], [b, 1]])
          for (const limit of [1, 2, 10]) {
            expect(yield* walk((k) => comments.commenters(main, k), limit, commenterSortKey, 4)).toStrictEqual(expectedMain)
            expect(yield* walk((k) => comments.commenters(cr, k), limit, commenterSortKey, 4)).toStrictEqual(expectedCr)
          }
          expect(yield* comments.commenters(empty, { after: undefined, limit: 5 })).toStrictEqual({ rows: [], count: 0 })
          expect(yield* comments.commenters(other, { after: undefined, limit: 5 })).toStrictEqual({
            rows: firsts([[f, 0]]),
            count: 1
          })
          // Past the last commenter, the count is still the total.
          expect(yield* comments.commenters(main, { after: [at(9), "~"], limit: 5 })).toStrictEqual({ rows: [], count: 4 })
        })
      )
    })
  })
