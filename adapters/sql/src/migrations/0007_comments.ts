import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { textType } from "./textType.js"

/**
 * Comments, their replies and the reactions to either. A comment is in a space's main content
 * (`change_request_id` NULL) or in a change request; it goes with its space and with its change
 * request. Replies go with their comment. A reaction names its subject (`subject_id`, a comment
 * or a reply) and the comment of the thread, and a reaction to a reply names the reply too: it
 * goes with whichever is deleted first, so deleting a comment (or purging its space) is one
 * DELETE. The unique key on (subject_id, emoji, user_id) makes a second identical reaction a
 * no-op (`ON CONFLICT DO NOTHING`), whoever inserts it at the same time.
 *
 * Lists walk one place's comments by (posted_at, id), optionally of one status (also the open
 * counts), one page or some authors; replies walk one comment's by (posted_at, id). The other
 * indexes serve the cascades (Postgres does not index a referencing column by itself).
 * TEXT columns take the "C" collation on Postgres, as in 0001, so cursors order by code point.
 */
export const comments = Effect.gen(function* () {
  const sql = yield* SqlClient
  const text = textType(sql)

  yield* sql`CREATE TABLE comments (
    id ${text} PRIMARY KEY,
    space_id ${text} NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    change_request_id ${text} REFERENCES change_requests (id) ON DELETE CASCADE,
    revision_id ${text} NOT NULL,
    page_id ${text},
    page_document ${text},
    node_id ${text},
    node_preview ${text},
    body ${text} NOT NULL,
    mentions ${text} NOT NULL,
    posted_by ${text} NOT NULL,
    posted_at ${text} NOT NULL,
    edited_at ${text},
    status ${text} NOT NULL,
    resolved_at ${text},
    resolved_by ${text}
  )`
  yield* sql`CREATE INDEX comments_by_place ON comments (space_id, change_request_id, posted_at, id)`
  yield* sql`CREATE INDEX comments_by_status ON comments (space_id, change_request_id, status, posted_at, id)`
  yield* sql`CREATE INDEX comments_by_page ON comments (space_id, change_request_id, page_id, posted_at, id)`
  yield* sql`CREATE INDEX comments_by_author ON comments (space_id, change_request_id, posted_by, posted_at, id)`
  yield* sql`CREATE INDEX comments_by_change_request ON comments (change_request_id) WHERE change_request_id IS NOT NULL`

  yield* sql`CREATE TABLE comment_replies (
    id ${text} PRIMARY KEY,
    space_id ${text} NOT NULL,
    comment_id ${text} NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    body ${text} NOT NULL,
    mentions ${text} NOT NULL,
    posted_by ${text} NOT NULL,
    posted_at ${text} NOT NULL,
    edited_at ${text}
  )`
  yield* sql`CREATE INDEX comment_replies_by_comment ON comment_replies (comment_id, posted_at, id)`

  yield* sql`CREATE TABLE comment_reactions (
    space_id ${text} NOT NULL,
    subject_id ${text} NOT NULL,
    comment_id ${text} NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    reply_id ${text} REFERENCES comment_replies (id) ON DELETE CASCADE,
    emoji ${text} NOT NULL,
    user_id ${text} NOT NULL,
    reacted_at ${text} NOT NULL,
    UNIQUE (subject_id, emoji, user_id)
  )`
  yield* sql`CREATE INDEX comment_reactions_by_comment ON comment_reactions (comment_id)`
  yield* sql`CREATE INDEX comment_reactions_by_reply ON comment_reactions (reply_id) WHERE reply_id IS NOT NULL`
})
