import type { SpacePermissions } from "../policy/permissions.js"
import type { UserId } from "../shared/ids.js"
import type { CommentPermissions } from "./Comment.js"

/** The caller's standing in a comment's place: who it is, its permissions on the space, and whether the space is live (not deleted). */
export interface CommentStanding {
  readonly userId: UserId
  readonly space: Pick<SpacePermissions, "view" | "comment" | "admin">
  readonly spaceDeleted: boolean
}

/**
 * What the caller may do with a comment or a reply posted by `postedBy`: `comment` and above
 * reply, react and resolve; only the author edits the body; the author (while it may still
 * comment) or an admin of the space deletes. A deleted space refuses every change until it is
 * restored. The service checks exactly these before each write.
 */
export const commentPermissions = (standing: CommentStanding, postedBy: UserId): CommentPermissions => {
  const live = !standing.spaceDeleted
  const talks = live && standing.space.comment
  const author = standing.userId === postedBy
  return {
    view: standing.space.view,
    edit: talks && author,
    reply: talks,
    delete: live && ((talks && author) || standing.space.admin)
  }
}
