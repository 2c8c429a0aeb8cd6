import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { Effect, Option } from "effect"
import { ChangeRequests } from "../change-requests/ChangeRequests.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import type { MergeConflict } from "../content/tree/merge/MergeConflict.js"
import type { Revision } from "../content/tree/render/wire.js"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, InvalidInput } from "../shared/errors.js"
import { extended } from "../shared/extended.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import type { RevisionRecord } from "../storage/content/RevisionRecord.js"
import { RevisionRepository } from "../storage/content/RevisionRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { renderSpace } from "../spaces/render.js"
import { makeSpaceCounts } from "../spaces/spaceCounts.js"
import { CommentRepository } from "../storage/comments/CommentRepository.js"
import type { Space } from "../spaces/Space.js"
import { commonAncestor } from "./commonAncestor.js"
import type { ContentScope } from "./ContentScope.js"
import type { ResolvedScope } from "./ResolvedScope.js"
import { makeScopeResolver } from "./resolveScope.js"
import { type PageOptions, revisionReads } from "./revisionReads.js"
import { type ChangesOptions, changesLimit, firstChanges } from "./semanticChanges.js"

export interface MergeRevisionInput {
  /** The revision to put onto the space: from `ContentEngine.importPages` or `ContentEngine.apply`. */
  readonly revision: RevisionId
  /**
   * The revision it was made from. By default the nearest revision both it and the space's
   * current revision come from; when they share none (an import made without parents), the
   * revision replaces the space's content.
   */
  readonly base?: RevisionId | undefined
}

export interface MergedRevision {
  /** The `merge` revision now current, parents `[the space's previous revision, input.revision]`. */
  readonly revision: RevisionRecord
  readonly space: Space
}

const describeConflicts = (conflicts: ReadonlyArray<MergeConflict>) =>
  conflicts.map((c) => ("page" in c ? `page "${c.page.title}" (${c.kind})` : `${c.kind} "${c.id}"`)).join(", ")

/**
 * Content in a scope (a space's current content, a change request's, a revision by id: see
 * `ContentScope`), in the official shapes, for a caller who can view the scope's space: the
 * revision, its pages (by id or path), its files (with their bytes), and the changes it makes.
 * Also `merge`, how content reaches a space outside change requests: the same three-way merge a
 * change request's merge uses, in one command, so a concurrent change of the space is merged
 * with, never lost.
 */
export class Content extends Effect.Service<Content>()("@quire/core/Content", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const engine = yield* ContentEngine
    const searchIndexer = yield* SearchIndexer
    const changeRequests = yield* ChangeRequests
    const spaces = yield* SpaceRepository
    const revisions = yield* RevisionRepository
    const urls = yield* Urls
    const countsOf = makeSpaceCounts(yield* CommentRepository)
    const command = authorizedCommand(yield* Storage)
    const { resolve, readableRevision } = yield* makeScopeResolver

    /** The official `Revision`: a `merge` revision names the change request whose merge made it (`mergedFrom`). */
    const withMergedFrom = (spaceId: SpaceId, revision: Revision) =>
      revision.type !== "merge" || revision.mergedFrom !== undefined
        ? Effect.succeed(revision)
        : Effect.map(changeRequests.mergedAs(spaceId, revision.id as RevisionId), (from) =>
            Option.isNone(from) ? revision : extended(revision, { mergedFrom: from.value })
          )

    /** The reads of a resolved scope's revision, in the official shapes. */
    const readsOf = (resolved: ResolvedScope) => {
      const reads = revisionReads(engine, resolved.urls, resolved.revisionId)
      return {
        ...reads,
        revision: (options: PageOptions = {}) =>
          Effect.flatMap(reads.revision(options), (revision) => withMergedFrom(resolved.space.record.id, revision))
      }
    }

    // `fnUntraced`, not `(…) => Effect.gen(function* …)`: every read of content runs this, and V8
    // gives each new generator function its own prototype and hidden classes, made in the old
    // generation (see `RootFibers` for what the old generation costs a server).
    const open = Effect.fnUntraced(function* (scope: ContentScope) {
      const resolved = yield* resolve(scope)
      return { ...resolved, ...readsOf(resolved) }
    })

    const read =
      <A, E, R>(use: (reads: ReturnType<typeof readsOf>) => Effect.Effect<A, E, R>) =>
      (scope: ContentScope) =>
        authorized(Effect.flatMap(open(scope), use))

    /**
     * The official semantic changes of the scope: a change request's from its merge base (the
     * space's revision it last took the space's content from), so what the space did since is
     * not counted; a revision's (and a space's current one's) against its first parent, or
     * against no content for a revision without parents. A revision's name the change request
     * whose merge made it (`mergedFrom`). At most `limit` changes, `more` counting the rest.
     */
    const changes = (scope: ContentScope, options: ChangesOptions = {}) =>
      authorized(
        Effect.gen(function* () {
          const limit = yield* changesLimit(options)
          const resolved = yield* resolve(scope)
          const from = resolved.changeRequest
          if (from !== undefined) {
            const base = from.revisionMergedAncestor ?? from.revisionInitial
            return firstChanges(yield* engine.diff(base, from.revisionId, { urls: resolved.urls }), limit)
          }
          const record =
            resolved.revision ??
            (yield* Effect.flatten(revisions.findById(resolved.revisionId)).pipe(
              Effect.orDieWith(() => new Error(`the current revision "${resolved.revisionId}" of a space is missing`))
            ))
          const limited = firstChanges(yield* engine.diff(record.parents[0] ?? null, record.id, { urls: resolved.urls }), limit)
          const mergedFrom = yield* changeRequests.mergedAs(resolved.space.record.id, record.id)
          return Option.isSome(mergedFrom) ? { mergedFrom: mergedFrom.value, ...limited } : limited
        })
      )

    /** A revision the caller may read (`Access.revision`); anything else is the same `InvalidInput` naming `field`. */
    const findRevision = (spaceId: SpaceId, id: RevisionId, field: string) =>
      readableRevision(spaceId, id).pipe(Effect.orElseFail(() => InvalidInput.of(field, `revision "${id}" was not found`)))

    /**
     * Merges `input.revision` into the space's current revision from `input.base`, and makes
     * the result the space's revision. Needs the `merge` permission (a live space, review
     * level or above). Overlapping changes fail with `Conflict` naming each page, and change nothing.
     */
    const merge = (spaceId: SpaceId, input: MergeRevisionInput) =>
      command(
        Effect.gen(function* () {
          const grant = yield* access.activeSpace(spaceId, "merge", "merge content into this space")
          const current = grant.record
          const theirs = yield* findRevision(spaceId, input.revision, "revision")
          const base =
            input.base !== undefined
              ? (yield* findRevision(spaceId, input.base, "base")).id
              : ((yield* commonAncestor(revisions, current.revisionId, theirs.id)) ?? current.revisionId)
          const outcome = yield* engine.merge(base, current.revisionId, theirs.id, { spaceId })
          if (outcome._tag !== "Merged") {
            const conflicts = outcome._tag === "Conflicted" ? outcome.conflicts : []
            return yield* Effect.fail(
              new Conflict({ message: `The revision conflicts with the space's content: ${describeConflicts(conflicts)}` })
            )
          }
          const next = { ...current, revisionId: outcome.revision.id, updatedAt: yield* now }
          yield* spaces.update(next)
          yield* searchIndexer.follow(next.id, next.revisionId)
          const counts = yield* countsOf([next.id])
          return { revision: outcome.revision, space: renderSpace(urls, next, grant.permissions, counts(next.id)) } satisfies MergedRevision
        })
      )

    return {
      /**
       * The scope resolved once for the caller, with the reads bound to its revision: which
       * revision an answer renders is known before it renders (the HTTP adapter's ETag), and the
       * answer renders that one.
       */
      open: (scope: ContentScope) => authorized(open(scope)),
      revision: (scope: ContentScope, options: PageOptions = {}) => read((c) => c.revision(options))(scope),
      pages: (scope: ContentScope, options: PageOptions = {}) => read((c) => c.pages(options))(scope),
      page: (scope: ContentScope, pageId: string, options: PageOptions = {}) => read((c) => c.page(pageId, options))(scope),
      /** `""` is the first document page of the root level, as the official API reads it. */
      pageByPath: (scope: ContentScope, path: string, options: PageOptions = {}) =>
        read((c) => c.pageByPath(path, options))(scope),
      files: (scope: ContentScope) => read((c) => c.files)(scope),
      file: (scope: ContentScope, fileId: string) => read((c) => c.file(fileId))(scope),
      /** A file with its bytes: `{ file, bytes, sha256 }`. */
      fileBytes: (scope: ContentScope, fileId: string) => read((c) => c.fileBytes(fileId))(scope),
      changes,
      merge
    } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default, ChangeRequests.Default, SearchIndexer.Default]
}) {}
