import { Effect } from "effect"
import type { SpaceId } from "../shared/ids.js"
import type { CommentRepository } from "../storage/comments/CommentRepository.js"
import { noCounts, type SpaceCounts } from "./render.js"

/**
 * The counts spaces answer with, loaded once for any number of them: the open comments on each
 * one's main content (a change request's comments count on the change request). Change requests
 * are not counted yet (`noCounts`).
 */
export const makeSpaceCounts =
  (comments: Pick<CommentRepository["Type"], "countOpenInSpaces">) =>
  (ids: ReadonlyArray<SpaceId>) =>
    Effect.map(
      ids.length === 0 ? Effect.succeed(new Map<SpaceId, number>()) : comments.countOpenInSpaces(ids),
      (open) =>
        (id: SpaceId): SpaceCounts => {
          const comments = open.get(id) ?? 0
          return comments === 0 ? noCounts : { ...noCounts, comments }
        }
    )
