import { Effect } from "effect"
import { NotFound } from "../shared/errors.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import type { RevisionRepository } from "../storage/content/RevisionRepository.js"
import type { Access } from "./Access.js"

/**
 * A revision named by id in a request about `spaceId`, which the caller can view: one made in
 * that space, or in another space the caller can view (`Access.space`; a duplicate starts from
 * its original's revisions). The one rule for every revision a caller names: an unknown id and
 * one the caller may not read are the same `NotFound`, so no answer tells them apart.
 */
export const makeRevisionAccess = (access: Access, revisions: RevisionRepository["Type"]) => (spaceId: SpaceId, id: RevisionId) =>
  Effect.gen(function* () {
    const notFound = () => NotFound.of("Revision", id)
    const record = yield* Effect.flatten(revisions.findById(id)).pipe(Effect.orElseFail(notFound))
    if (record.spaceId !== spaceId) yield* access.space(record.spaceId).pipe(Effect.orElseFail(notFound))
    return record
  })
