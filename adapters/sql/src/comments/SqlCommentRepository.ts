import { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import {
  type ChangeRequestId,
  type CommentId,
  type CommenterRecord,
  type CommentPlace,
  type CommentQuery,
  type CommentRecord,
  type CommentReplyId,
  type CommentReplyRecord,
  CommentRepository,
  type CommentStatus,
  compareKeys,
  type ReactionRecord,
  type ReplierRecord,
  type RevisionId,
  type SortValue,
  type SpaceId,
  type UserId
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { chunksOf } from "../shared/chunks.js"
import { countColumn, countOfPage } from "../shared/countColumn.js"
import { afterCursor, orderBy, pageLimit } from "../shared/keyset.js"
import { SqlReader } from "../shared/SqlReader.js"
import { toCount } from "../shared/values.js"

interface CommentRow {
  readonly id: string
  readonly spaceId: string
  readonly changeRequestId: string | null
  readonly revisionId: string
  readonly pageId: string | null
  readonly pageDocument: string | null
  readonly nodeId: string | null
  readonly nodePreview: string | null
  readonly body: string
  readonly mentions: string
  readonly postedBy: string
  readonly postedAt: string
  readonly editedAt: string | null
  readonly status: string
  readonly resolvedAt: string | null
  readonly resolvedBy: string | null
}

const toCommentRecord = (row: CommentRow): CommentRecord => ({
  id: row.id as CommentId,
  spaceId: row.spaceId as SpaceId,
  changeRequestId: row.changeRequestId as ChangeRequestId | null,
  revisionId: row.revisionId as RevisionId,
  pageId: row.pageId,
  pageDocument: row.pageDocument,
  nodeId: row.nodeId,
  nodePreview: row.nodePreview,
  body: row.body,
  mentions: JSON.parse(row.mentions) as Array<UserId>,
  postedBy: row.postedBy as UserId,
  postedAt: row.postedAt,
  editedAt: row.editedAt,
  status: row.status as CommentStatus,
  resolvedAt: row.resolvedAt,
  resolvedBy: row.resolvedBy as UserId | null
})

const toCommentRow = (c: CommentRecord) => ({
  id: c.id,
  spaceId: c.spaceId,
  changeRequestId: c.changeRequestId,
  revisionId: c.revisionId,
  pageId: c.pageId,
  pageDocument: c.pageDocument,
  nodeId: c.nodeId,
  nodePreview: c.nodePreview,
  body: c.body,
  mentions: JSON.stringify(c.mentions),
  postedBy: c.postedBy,
  postedAt: c.postedAt,
  editedAt: c.editedAt,
  status: c.status,
  resolvedAt: c.resolvedAt,
  resolvedBy: c.resolvedBy
})

interface ReplyRow {
  readonly id: string
  readonly spaceId: string
  readonly commentId: string
  readonly body: string
  readonly mentions: string
  readonly postedBy: string
  readonly postedAt: string
  readonly editedAt: string | null
}

const toReplyRecord = (row: ReplyRow): CommentReplyRecord => ({
  id: row.id as CommentReplyId,
  spaceId: row.spaceId as SpaceId,
  commentId: row.commentId as CommentId,
  body: row.body,
  mentions: JSON.parse(row.mentions) as Array<UserId>,
  postedBy: row.postedBy as UserId,
  postedAt: row.postedAt,
  editedAt: row.editedAt
})

const toReplyRow = (r: CommentReplyRecord) => ({
  id: r.id,
  spaceId: r.spaceId,
  commentId: r.commentId,
  body: r.body,
  mentions: JSON.stringify(r.mentions),
  postedBy: r.postedBy,
  postedAt: r.postedAt,
  editedAt: r.editedAt
})

interface ReactionRow {
  readonly spaceId: string
  readonly subjectId: string
  readonly emoji: string
  readonly userId: string
  readonly reactedAt: string
}

const toReactionRecord = (row: ReactionRow): ReactionRecord => ({
  spaceId: row.spaceId as SpaceId,
  subjectId: row.subjectId as CommentId | CommentReplyId,
  emoji: row.emoji,
  userId: row.userId as UserId,
  reactedAt: row.reactedAt
})

interface ReplierRow {
  readonly commentId: string
  readonly userId: string
  readonly replies: unknown
  readonly firstRepliedAt: string
  readonly lastRepliedAt: string
}

const toReplierRecord = (row: ReplierRow): ReplierRecord => ({
  commentId: row.commentId as CommentId,
  userId: row.userId as UserId,
  replies: Number(row.replies),
  lastRepliedAt: row.lastRepliedAt
})

interface CommenterRow {
  readonly userId: string
  readonly firstPostedAt: string
}

const toCommenterRecord = (row: CommenterRow): CommenterRecord => ({
  userId: row.userId as UserId,
  firstPostedAt: row.firstPostedAt
})

const COMMENT_COLUMNS = `id, space_id, change_request_id, revision_id, page_id, page_document, node_id, node_preview,
  body, mentions, posted_by, posted_at, edited_at, status, resolved_at, resolved_by`
const REPLY_COLUMNS = "id, space_id, comment_id, body, mentions, posted_by, posted_at, edited_at"
const KEY = ["posted_at", "id"]
const COMMENTER_KEY = ["first_posted_at", "user_id"]

/**
 * Rows for many ids, a chunk per statement, each chunk's rows sorted by the statement: when
 * there are several chunks, their rows are sorted again by `sortKey`.
 */
const inChunks = <Id, Row>(
  ids: ReadonlyArray<Id>,
  select: (chunk: ReadonlyArray<Id>) => Effect.Effect<ReadonlyArray<Row>, SqlError>,
  sortKey: (row: Row) => ReadonlyArray<SortValue>
): Effect.Effect<Array<Row>, SqlError> => {
  const chunks = chunksOf(ids)
  return Effect.map(Effect.forEach(chunks, select), (results) => {
    const rows = results.flat()
    return chunks.length > 1 ? rows.sort((a, b) => compareKeys(sortKey(a), sortKey(b))) : rows
  })
}

export const makeSqlCommentRepository = Effect.gen(function* () {
  const sql = yield* SqlClient
  const { read } = yield* SqlReader
  const commentColumns = sql.literal(COMMENT_COLUMNS)
  const replyColumns = sql.literal(REPLY_COLUMNS)
  const commentsTable = sql.literal("comments")
  const repliesTable = sql.literal("comment_replies")

  /** The comments of a place; `NULL` (the main content) is matched with IS NULL, which `=` never matches. */
  const inPlace = (place: CommentPlace, table = ""): Array<Fragment> => {
    const column = (name: string) => sql.literal(table === "" ? name : `${table}.${name}`)
    return [
      sql`${column("space_id")} = ${place.spaceId}`,
      place.changeRequestId === null
        ? sql`${column("change_request_id")} IS NULL`
        : sql`${column("change_request_id")} = ${place.changeRequestId}`
    ]
  }

  /** The list's filter: the leading columns of one of the `comments_by_*` indexes. */
  const matching = (place: CommentPlace, query: CommentQuery): Array<Fragment> => [
    ...inPlace(place),
    ...(query.status === undefined ? [] : [sql`status = ${query.status}`]),
    ...(query.pageId === undefined ? [] : [sql`page_id = ${query.pageId}`]),
    ...(query.authors === undefined || query.authors.length === 0 ? [] : [sql`posted_by IN ${sql.in(query.authors)}`])
  ]

  const count = (from: Fragment, where: ReadonlyArray<Fragment>) =>
    Effect.map(read(sql<{ count: unknown }>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${from} WHERE ${sql.and(where)}`), toCount)

  /** Each user's first comment or reply in the place. */
  const firstPosts = (place: CommentPlace) => sql`(
    SELECT posted_by AS user_id, MIN(posted_at) AS first_posted_at FROM (
      SELECT posted_by, posted_at FROM comments WHERE ${sql.and(inPlace(place))}
      UNION ALL
      SELECT r.posted_by, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id
      WHERE ${sql.and(inPlace(place, "c"))}
    ) posts GROUP BY posted_by
  ) firsts`

  return CommentRepository.of({
    insert: (comment) => sql`INSERT INTO comments ${sql.insert(toCommentRow(comment))}`.pipe(Effect.asVoid, Effect.orDie),
    update: (comment) => {
      const { id: _, ...changes } = toCommentRow(comment)
      return sql`UPDATE comments SET ${sql.update(changes)} WHERE id = ${comment.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    // Its replies and every reaction in the thread go by their foreign keys.
    delete: (spaceId, id) =>
      sql`DELETE FROM comments WHERE id = ${id} AND space_id = ${spaceId}`.pipe(Effect.asVoid, Effect.orDie),
    findById: (place, id) =>
      read(sql<CommentRow>`SELECT ${commentColumns} FROM comments WHERE ${sql.and([sql`id = ${id}`, ...inPlace(place)])}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toCommentRecord)),
        Effect.orDie
      ),
    list: (place, query, keyset) =>
      Effect.gen(function* () {
        const where = matching(place, query)
        const rows = yield* read(sql<CommentRow & { readonly totalCount: unknown }>`SELECT ${commentColumns},
          ${countColumn(sql, commentsTable, where)} FROM comments
          WHERE ${sql.and([...where, afterCursor(sql, KEY, keyset, query.order)])}
          ORDER BY ${orderBy(sql, KEY, query.order)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toCommentRecord), count: yield* countOfPage(rows, keyset, count(commentsTable, where)) }
      }).pipe(Effect.orDie),
    countOpen: (spaceId, changeRequestIds) =>
      Effect.gen(function* () {
        const counts = new Map<ChangeRequestId | null, number>()
        const places = [
          ...(changeRequestIds.includes(null) ? [sql`change_request_id IS NULL`] : []),
          ...chunksOf(changeRequestIds.filter((id) => id !== null)).map((chunk) => sql`change_request_id IN ${sql.in(chunk)}`)
        ]
        for (const place of places) {
          const rows = yield* read(sql<{ changeRequestId: string | null; count: unknown }>`SELECT change_request_id,
              CAST(COUNT(*) AS INTEGER) AS count
            FROM comments WHERE space_id = ${spaceId} AND ${place} AND status = 'open' GROUP BY change_request_id`)
          for (const row of rows) counts.set(row.changeRequestId as ChangeRequestId | null, Number(row.count))
        }
        return counts
      }).pipe(Effect.orDie),
    countOpenInSpaces: (spaceIds) =>
      Effect.gen(function* () {
        const counts = new Map<SpaceId, number>()
        for (const chunk of chunksOf(spaceIds)) {
          const rows = yield* read(sql<{ spaceId: string; count: unknown }>`SELECT space_id, CAST(COUNT(*) AS INTEGER) AS count
            FROM comments WHERE space_id IN ${sql.in(chunk)} AND change_request_id IS NULL AND status = 'open'
            GROUP BY space_id`)
          for (const row of rows) counts.set(row.spaceId as SpaceId, Number(row.count))
        }
        return counts
      }).pipe(Effect.orDie),
    commenters: (place, keyset) =>
      Effect.gen(function* () {
        const firsts = firstPosts(place)
        const rows = yield* read(sql<CommenterRow & { readonly totalCount: unknown }>`SELECT user_id, first_posted_at,
          (SELECT CAST(COUNT(*) AS INTEGER) FROM ${firsts}) AS total_count
          FROM ${firsts} WHERE ${afterCursor(sql, COMMENTER_KEY, keyset)}
          ORDER BY ${orderBy(sql, COMMENTER_KEY)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toCommenterRecord), count: yield* countOfPage(rows, keyset, count(firsts, [sql.literal("1=1")])) }
      }).pipe(Effect.orDie),

    insertReply: (reply) => sql`INSERT INTO comment_replies ${sql.insert(toReplyRow(reply))}`.pipe(Effect.asVoid, Effect.orDie),
    updateReply: (reply) => {
      const { id: _, ...changes } = toReplyRow(reply)
      return sql`UPDATE comment_replies SET ${sql.update(changes)} WHERE id = ${reply.id}`.pipe(Effect.asVoid, Effect.orDie)
    },
    // Its reactions go by their foreign key.
    deleteReply: (spaceId, id) =>
      sql`DELETE FROM comment_replies WHERE id = ${id} AND space_id = ${spaceId}`.pipe(Effect.asVoid, Effect.orDie),
    findReply: (spaceId, commentId, id) =>
      read(sql<ReplyRow>`SELECT ${replyColumns} FROM comment_replies
        WHERE id = ${id} AND comment_id = ${commentId} AND space_id = ${spaceId}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toReplyRecord)),
        Effect.orDie
      ),
    listReplies: (spaceId, commentId, keyset) =>
      Effect.gen(function* () {
        const where = [sql`comment_id = ${commentId}`, sql`space_id = ${spaceId}`]
        const rows = yield* read(sql<ReplyRow & { readonly totalCount: unknown }>`SELECT ${replyColumns},
          ${countColumn(sql, repliesTable, where)} FROM comment_replies
          WHERE ${sql.and([...where, afterCursor(sql, KEY, keyset)])}
          ORDER BY ${orderBy(sql, KEY)} ${pageLimit(sql, keyset)}`)
        return { rows: rows.map(toReplyRecord), count: yield* countOfPage(rows, keyset, count(repliesTable, where)) }
      }).pipe(Effect.orDie),
    repliers: (spaceId, commentIds) =>
      inChunks(
        commentIds,
        (chunk) =>
          read(sql<ReplierRow>`SELECT comment_id, posted_by AS user_id, CAST(COUNT(*) AS INTEGER) AS replies,
              MIN(posted_at) AS first_replied_at, MAX(posted_at) AS last_replied_at
            FROM comment_replies WHERE space_id = ${spaceId} AND comment_id IN ${sql.in(chunk)}
            GROUP BY comment_id, posted_by ORDER BY comment_id, first_replied_at, user_id`),
        (row) => [row.commentId, row.firstRepliedAt, row.userId]
      ).pipe(
        Effect.map((rows) => rows.map(toReplierRecord)),
        Effect.orDie
      ),

    // The subject is looked up in the space, as a comment or a reply, for the thread's comment
    // (and the reply) the reaction goes with; a subject found in neither inserts nothing.
    addReaction: ({ spaceId, subjectId, emoji, userId, reactedAt }) =>
      sql`INSERT INTO comment_reactions (space_id, subject_id, comment_id, reply_id, emoji, user_id, reacted_at)
        SELECT space_id, id, id, NULL, ${emoji}, ${userId}, ${reactedAt}
          FROM comments WHERE id = ${subjectId} AND space_id = ${spaceId}
        UNION ALL
        SELECT space_id, id, comment_id, id, ${emoji}, ${userId}, ${reactedAt}
          FROM comment_replies WHERE id = ${subjectId} AND space_id = ${spaceId}
        ON CONFLICT (subject_id, emoji, user_id) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie),
    removeReaction: (spaceId, subjectId, emoji, userId) =>
      sql`DELETE FROM comment_reactions
        WHERE subject_id = ${subjectId} AND emoji = ${emoji} AND user_id = ${userId} AND space_id = ${spaceId}`.pipe(
        Effect.asVoid,
        Effect.orDie
      ),
    reactions: (spaceId, subjectIds) =>
      inChunks(
        subjectIds,
        (chunk) =>
          read(sql<ReactionRow>`SELECT space_id, subject_id, emoji, user_id, reacted_at FROM comment_reactions
            WHERE space_id = ${spaceId} AND subject_id IN ${sql.in(chunk)}
            ORDER BY reacted_at, user_id, subject_id, emoji`),
        (row) => [row.reactedAt, row.userId, row.subjectId, row.emoji]
      ).pipe(
        Effect.map((rows) => rows.map(toReactionRecord)),
        Effect.orDie
      )
  })
})

export const SqlCommentRepository = { layer: Layer.effect(CommentRepository, makeSqlCommentRepository) }
