import { Context, type Effect, type Option } from "effect"
import type { Authorized } from "../Authorized.js"
import type { ChangeRequestId, CommentId, CommentReplyId, SpaceId, UserId } from "../../shared/ids.js"
import type { Keyset, Slice } from "../../shared/pagination.js"
import type { CommentRecord, CommentStatus } from "./CommentRecord.js"
import type { CommentReplyRecord } from "./CommentReplyRecord.js"
import type { ReactionRecord, ReplierRecord } from "./ReactionRecord.js"

/** Where comments live: a space's main content (`changeRequestId` null) or one change request. */
export interface CommentPlace {
  readonly spaceId: SpaceId
  readonly changeRequestId: ChangeRequestId | null
}

export interface CommentQuery {
  readonly status?: CommentStatus | undefined
  /** Only those on this page. */
  readonly pageId?: string | undefined
  /** Only those posted by one of these users (absent or empty: everyone's). */
  readonly authors?: ReadonlyArray<UserId> | undefined
  /** By (postedAt, id): `desc` newest first. */
  readonly order: "asc" | "desc"
}

export class CommentRepository extends Context.Tag("@quire/core/CommentRepository")<
  CommentRepository,
  {
    readonly insert: (comment: CommentRecord) => Effect.Effect<void, never, Authorized>
    readonly update: (comment: CommentRecord) => Effect.Effect<void, never, Authorized>
    /** Deletes the comment, its replies and every reaction to them. */
    readonly delete: (spaceId: SpaceId, id: CommentId) => Effect.Effect<void, never, Authorized>
    /** The comment, if it is in this place. */
    readonly findById: (place: CommentPlace, id: CommentId) => Effect.Effect<Option.Option<CommentRecord>, never, Authorized>
    /** `count` is the total of the query. */
    readonly list: (
      place: CommentPlace,
      query: CommentQuery,
      keyset: Keyset
    ) => Effect.Effect<Slice<CommentRecord>, never, Authorized>
    /** Open comments per place: `null` stands for the space's main content. Places with none are absent. */
    readonly countOpen: (
      spaceId: SpaceId,
      changeRequestIds: ReadonlyArray<ChangeRequestId | null>
    ) => Effect.Effect<ReadonlyMap<ChangeRequestId | null, number>, never, Authorized>
    /** Open comments on each space's main content; spaces with none are absent. */
    readonly countOpenInSpaces: (spaceIds: ReadonlyArray<SpaceId>) => Effect.Effect<ReadonlyMap<SpaceId, number>, never, Authorized>
    /** The users who posted a comment or a reply in the place, by first post, then user id. */
    readonly commenters: (place: CommentPlace, keyset: Keyset) => Effect.Effect<Slice<CommenterRecord>, never, Authorized>

    readonly insertReply: (reply: CommentReplyRecord) => Effect.Effect<void, never, Authorized>
    readonly updateReply: (reply: CommentReplyRecord) => Effect.Effect<void, never, Authorized>
    /** Deletes the reply and its reactions. */
    readonly deleteReply: (spaceId: SpaceId, id: CommentReplyId) => Effect.Effect<void, never, Authorized>
    readonly findReply: (
      spaceId: SpaceId,
      commentId: CommentId,
      id: CommentReplyId
    ) => Effect.Effect<Option.Option<CommentReplyRecord>, never, Authorized>
    /** Oldest first (`replySortKey`); `count` is the comment's number of replies. */
    readonly listReplies: (
      spaceId: SpaceId,
      commentId: CommentId,
      keyset: Keyset
    ) => Effect.Effect<Slice<CommentReplyRecord>, never, Authorized>
    /** Per comment and replier: how many replies and the last one's time; by comment id, then the replier's first reply, then user id. */
    readonly repliers: (spaceId: SpaceId, commentIds: ReadonlyArray<CommentId>) => Effect.Effect<ReadonlyArray<ReplierRecord>, never, Authorized>

    /**
     * Adds the reaction unless the user already reacted with that emoji to that subject (then nothing
     * changes). A subject that is no comment or reply of the space takes none.
     */
    readonly addReaction: (reaction: ReactionRecord) => Effect.Effect<void, never, Authorized>
    readonly removeReaction: (
      spaceId: SpaceId,
      subjectId: CommentId | CommentReplyId,
      emoji: string,
      userId: UserId
    ) => Effect.Effect<void, never, Authorized>
    /** The reactions to these subjects, by (reactedAt, userId), then subject id and emoji. */
    readonly reactions: (
      spaceId: SpaceId,
      subjectIds: ReadonlyArray<CommentId | CommentReplyId>
    ) => Effect.Effect<ReadonlyArray<ReactionRecord>, never, Authorized>
  }
>() {}

/** A user who posted in a place, and when first. */
export interface CommenterRecord {
  readonly userId: UserId
  readonly firstPostedAt: string
}

export const commenterSortKey = (c: CommenterRecord) => [c.firstPostedAt, c.userId]
