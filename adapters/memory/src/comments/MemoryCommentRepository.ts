import {
  type CommentId,
  type CommenterRecord,
  type CommentPlace,
  type CommentQuery,
  type CommentRecord,
  type CommentReplyId,
  type CommentRepository,
  commenterSortKey,
  commentSortKey,
  type ReactionRecord,
  type ReplierRecord,
  replySortKey,
  type SpaceId
} from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import { deleteCascading } from "../shared/deleteCascading.js"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy, sortedBy } from "../shared/sorting.js"
import type { Tables } from "../shared/Tables.js"
import { commentReactionsTable, commentsTable, reactionKey, repliesTable, replyReactionsTable } from "./commentTables.js"

const isIn = (place: CommentPlace) => (c: CommentRecord) =>
  c.spaceId === place.spaceId && c.changeRequestId === place.changeRequestId

const inPlace = (t: Tables, place: CommentPlace) => rowsOf(t.rows(commentsTable)).filter(isIn(place))

const matches =
  (query: CommentQuery) =>
  (c: CommentRecord): boolean =>
    (query.status === undefined || c.status === query.status) &&
    (query.pageId === undefined || c.pageId === query.pageId) &&
    (query.authors === undefined || query.authors.length === 0 || query.authors.includes(c.postedBy))

const repliesIn = (t: Tables, spaceId: SpaceId) => rowsOf(t.rows(repliesTable)).filter((r) => r.spaceId === spaceId)

const commentOf = (t: Tables, spaceId: SpaceId, id: string) =>
  Option.filter(HashMap.get(t.rows(commentsTable), id as CommentId), (c) => c.spaceId === spaceId)

const replyOf = (t: Tables, spaceId: SpaceId, id: string) =>
  Option.filter(HashMap.get(t.rows(repliesTable), id as CommentReplyId), (r) => r.spaceId === spaceId)

/** The table a reaction to this subject goes in: its comment's or its reply's, if it is one of the space. */
const reactionTableOf = (t: Tables, spaceId: SpaceId, subjectId: string) =>
  Option.isSome(commentOf(t, spaceId, subjectId))
    ? Option.some(commentReactionsTable)
    : Option.isSome(replyOf(t, spaceId, subjectId))
      ? Option.some(replyReactionsTable)
      : Option.none()

const reactionSortKey = (r: ReactionRecord) => [r.reactedAt, r.userId, r.subjectId, r.emoji]

/** Per comment and replier: replies, first and last reply times. */
const tallyRepliers = (t: Tables, spaceId: SpaceId, commentIds: ReadonlySet<string>) => {
  const tallies = new Map<string, ReplierRecord & { readonly firstRepliedAt: string }>()
  for (const r of repliesIn(t, spaceId)) {
    if (!commentIds.has(r.commentId)) continue
    const key = JSON.stringify([r.commentId, r.postedBy])
    const found = tallies.get(key)
    tallies.set(key, {
      commentId: r.commentId,
      userId: r.postedBy,
      replies: (found?.replies ?? 0) + 1,
      firstRepliedAt: found === undefined || r.postedAt < found.firstRepliedAt ? r.postedAt : found.firstRepliedAt,
      lastRepliedAt: found === undefined || r.postedAt > found.lastRepliedAt ? r.postedAt : found.lastRepliedAt
    })
  }
  return sortedBy([...tallies.values()], (r) => [r.commentId, r.firstRepliedAt, r.userId]).map(
    ({ firstRepliedAt: _, ...replier }): ReplierRecord => replier
  )
}

/** Each user's first comment or reply in the place. */
const firstPosts = (t: Tables, place: CommentPlace): Array<CommenterRecord> => {
  const comments = inPlace(t, place)
  const ids = new Set<string>(comments.map((c) => c.id))
  const first = new Map<string, CommenterRecord>()
  const posts = [...comments, ...repliesIn(t, place.spaceId).filter((r) => ids.has(r.commentId))]
  for (const { postedBy, postedAt } of posts) {
    const found = first.get(postedBy)
    if (found === undefined || postedAt < found.firstPostedAt) first.set(postedBy, { userId: postedBy, firstPostedAt: postedAt })
  }
  return [...first.values()]
}

export const makeMemoryCommentRepository = (store: MemoryStore): Context.Tag.Service<typeof CommentRepository> => ({
  insert: (comment) => store.write((t) => t.update(commentsTable, (rows) => insertNew(rows, comment.id, comment, "comment"))),
  update: (comment) => store.write((t) => t.update(commentsTable, (rows) => replaceExisting(rows, comment.id, comment))),
  delete: (spaceId, id) =>
    store.write((t) => (Option.isSome(commentOf(t, spaceId, id)) ? deleteCascading(t, commentsTable, [id]) : t)),
  findById: (place, id) => store.read((t) => Option.filter(HashMap.get(t.rows(commentsTable), id), isIn(place))),
  list: (place, query, keyset) =>
    store.read((t) => sliceBy(inPlace(t, place).filter(matches(query)), keyset, commentSortKey, query.order)),
  countOpen: (spaceId, changeRequestIds) =>
    store.read((t) => {
      const wanted = new Set(changeRequestIds)
      const counts = new Map<CommentRecord["changeRequestId"], number>()
      for (const c of rowsOf(t.rows(commentsTable))) {
        if (c.spaceId !== spaceId || c.status !== "open" || !wanted.has(c.changeRequestId)) continue
        counts.set(c.changeRequestId, (counts.get(c.changeRequestId) ?? 0) + 1)
      }
      return counts
    }),
  countOpenInSpaces: (spaceIds) =>
    store.read((t) => {
      const wanted = new Set(spaceIds)
      const counts = new Map<SpaceId, number>()
      for (const c of rowsOf(t.rows(commentsTable))) {
        if (!wanted.has(c.spaceId) || c.status !== "open" || c.changeRequestId !== null) continue
        counts.set(c.spaceId, (counts.get(c.spaceId) ?? 0) + 1)
      }
      return counts
    }),
  commenters: (place, keyset) => store.read((t) => sliceBy(firstPosts(t, place), keyset, commenterSortKey)),

  insertReply: (reply) => store.write((t) => t.update(repliesTable, (rows) => insertNew(rows, reply.id, reply, "comment reply"))),
  updateReply: (reply) => store.write((t) => t.update(repliesTable, (rows) => replaceExisting(rows, reply.id, reply))),
  deleteReply: (spaceId, id) =>
    store.write((t) => (Option.isSome(replyOf(t, spaceId, id)) ? deleteCascading(t, repliesTable, [id]) : t)),
  findReply: (spaceId, commentId, id) =>
    store.read((t) => Option.filter(replyOf(t, spaceId, id), (r) => r.commentId === commentId)),
  listReplies: (spaceId, commentId, keyset) =>
    store.read((t) => sliceBy(repliesIn(t, spaceId).filter((r) => r.commentId === commentId), keyset, replySortKey)),
  repliers: (spaceId, commentIds) => store.read((t) => tallyRepliers(t, spaceId, new Set(commentIds))),

  addReaction: (reaction) =>
    store.write((t) =>
      Option.match(reactionTableOf(t, reaction.spaceId, reaction.subjectId), {
        onNone: () => t,
        onSome: (reactions) =>
          t.update(reactions, (rows) => {
            const key = reactionKey(reaction)
            return HashMap.has(rows, key) ? rows : HashMap.set(rows, key, reaction)
          })
      })
    ),
  removeReaction: (spaceId, subjectId, emoji, userId) =>
    store.write((t) => {
      const key = reactionKey({ subjectId, emoji, userId })
      const mine = (r: ReactionRecord) => r.spaceId === spaceId
      return [commentReactionsTable, replyReactionsTable].reduce(
        (next, reactions) =>
          Option.exists(HashMap.get(next.rows(reactions), key), mine)
            ? next.update(reactions, (rows) => HashMap.remove(rows, key))
            : next,
        t
      )
    }),
  reactions: (spaceId, subjectIds) =>
    store.read((t) => {
      const wanted = new Set<string>(subjectIds)
      const all = [...rowsOf(t.rows(commentReactionsTable)), ...rowsOf(t.rows(replyReactionsTable))]
      return sortedBy(
        all.filter((r) => r.spaceId === spaceId && wanted.has(r.subjectId)),
        reactionSortKey
      )
    })
})
