import { Effect, Option } from "effect"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import type { MergeConflict } from "../content/tree/merge/MergeConflict.js"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand, guarded } from "../policy/Authorized.js"
import { contentUrls } from "../content/tree/render/ContentUrls.js"
import { Conflict, InvalidInput, NotFound } from "../shared/errors.js"
import type { RevisionId, SpaceId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import type { RevisionRecord } from "../storage/content/RevisionRecord.js"
import { RevisionRepository } from "../storage/content/RevisionRepository.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { noCounts, renderSpace } from "./render.js"
import { type PageOptions, revisionContent } from "./revisionContent.js"
import { type ChangesOptions, changesLimit, firstChanges } from "./semanticChanges.js"
import type { Space } from "./Space.js"

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

/** Which revision of the space to read: its current one unless given. */
export interface ReadOptions extends PageOptions {
  readonly revision?: RevisionId | undefined
}

export interface MergedRevision {
  /** The `merge` revision now current, parents `[the space's previous revision, input.revision]`. */
  readonly revision: RevisionRecord
  readonly space: Space
}

const describeConflicts = (conflicts: ReadonlyArray<MergeConflict>) =>
  conflicts.map((c) => ("page" in c ? `page "${c.page.title}" (${c.kind})` : `${c.kind} "${c.id}"`)).join(", ")

/**
 * A space's content as a whole. `merge` is how content reaches a space outside change
 * requests: the same three-way merge a change request's merge uses, in one command, so it
 * fully happens or changes nothing, and a concurrent change of the space is merged with, never lost.
 */
export class SpaceContent extends Effect.Service<SpaceContent>()("@quire/core/SpaceContent", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const engine = yield* ContentEngine
    const spaces = guarded(yield* SpaceRepository)
    const revisions = yield* RevisionRepository
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)

    /** A revision the caller may read (`Access.revision`); anything else is the same `InvalidInput` naming `field`. */
    const findRevision = (spaceId: SpaceId, id: RevisionId, field: string) =>
      access.revision(spaceId, id).pipe(Effect.orElseFail(() => InvalidInput.of(field, `revision "${id}" was not found`)))

    /**
     * The nearest revision both `a` and `b` come from (themselves included), walking their
     * parents one generation at a time on both sides; `undefined` when they share none.
     */
    const commonAncestor = (a: RevisionId, b: RevisionId) =>
      Effect.gen(function* () {
        const seen = { a: new Set([a]), b: new Set([b]) }
        let frontier = { a: [a], b: [b] }
        if (a === b) return a
        while (frontier.a.length > 0 || frontier.b.length > 0) {
          const next = { a: [] as Array<RevisionId>, b: [] as Array<RevisionId> }
          for (const side of ["a", "b"] as const) {
            const other = side === "a" ? seen.b : seen.a
            for (const id of frontier[side]) {
              const record = yield* revisions.findById(id)
              for (const parent of Option.isSome(record) ? record.value.parents : []) {
                if (other.has(parent)) return parent
                if (!seen[side].has(parent)) {
                  seen[side].add(parent)
                  next[side].push(parent)
                }
              }
            }
          }
          frontier = next
        }
        return undefined
      })

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
              : ((yield* commonAncestor(current.revisionId, theirs.id)) ?? current.revisionId)
          const outcome = yield* engine.merge(base, current.revisionId, theirs.id, { spaceId })
          if (outcome._tag !== "Merged") {
            const conflicts = outcome._tag === "Conflicted" ? outcome.conflicts : []
            return yield* Effect.fail(
              new Conflict({ message: `The revision conflicts with the space's content: ${describeConflicts(conflicts)}` })
            )
          }
          const next = { ...current, revisionId: outcome.revision.id, updatedAt: yield* now }
          yield* spaces.update(next)
          return { revision: outcome.revision, space: renderSpace(urls, next, grant.permissions, noCounts) } satisfies MergedRevision
        })
      )

    /**
     * The content of one of the space's revisions (its current one by default) for a caller who
     * can view the space. A revision the space never had is `NotFound`, unless it was made in
     * another space the caller can view.
     */
    // `fnUntraced`, not `(…) => Effect.gen(function* …)`: every read of content runs this, and V8
    // gives each new generator function its own prototype and hidden classes, made in the old
    // generation (see `RootFibers` for what the old generation costs a server).
    const contentOf = Effect.fnUntraced(function* (spaceId: SpaceId, revision: RevisionId | undefined) {
      const grant = yield* access.space(spaceId)
      const revisionId =
        revision === undefined
          ? grant.record.revisionId
          : (yield* findRevision(spaceId, revision, "revision").pipe(
              Effect.catchTag("InvalidInput", () => Effect.fail(NotFound.of("Revision", revision)))
            )).id
      return { revisionId, ...revisionContent(engine, contentUrls(urls, spaceId), revisionId) }
    })

    const read =
      <A, E>(use: (content: ReturnType<typeof revisionContent>) => Effect.Effect<A, E>) =>
      (spaceId: SpaceId, options: ReadOptions = {}) =>
        authorized(Effect.flatMap(contentOf(spaceId, options.revision), use))

    /**
     * The official semantic changes `revision` made: against its first parent (the space's
     * previous revision, for a merge), or against no content for a revision without parents
     * (a space's first, empty revision: no changes). Read as `revision` reads it: `NotFound`
     * for a revision the space never had. At most `limit` changes, `more` counting the rest.
     */
    const changes = (spaceId: SpaceId, revision: RevisionId, options: ChangesOptions = {}) =>
      authorized(
        Effect.gen(function* () {
          const limit = yield* changesLimit(options)
          yield* access.space(spaceId)
          const record = yield* findRevision(spaceId, revision, "revision").pipe(
            Effect.catchTag("InvalidInput", () => Effect.fail(NotFound.of("Revision", revision)))
          )
          const all = yield* engine.diff(record.parents[0] ?? null, record.id, { urls: contentUrls(urls, spaceId) })
          return firstChanges(all, limit)
        })
      )

    return {
      merge,
      changes,
      /**
       * The revision a read would use (the current one unless given), resolved once for a caller
       * who can view the space, with the reads bound to it: which revision an answer renders is
       * known before it renders (the HTTP adapter's ETag), and the answer renders that one.
       */
      contentOf: (spaceId: SpaceId, options: Pick<ReadOptions, "revision"> = {}) => authorized(contentOf(spaceId, options.revision)),
      revision: (spaceId: SpaceId, options: ReadOptions = {}) => read((c) => c.revision(options))(spaceId, options),
      pages: (spaceId: SpaceId, options: ReadOptions = {}) => read((c) => c.pages(options))(spaceId, options),
      page: (spaceId: SpaceId, pageId: string, options: ReadOptions = {}) => read((c) => c.page(pageId, options))(spaceId, options),
      pageByPath: (spaceId: SpaceId, path: string, options: ReadOptions = {}) =>
        read((c) => c.pageByPath(path, options))(spaceId, options),
      files: (spaceId: SpaceId, options: ReadOptions = {}) => read((c) => c.files)(spaceId, options),
      file: (spaceId: SpaceId, fileId: string, options: ReadOptions = {}) => read((c) => c.file(fileId))(spaceId, options),
      /** A file of the space's revision (its current one by default) with its bytes: `{ file, bytes }`. */
      fileBytes: (spaceId: SpaceId, fileId: string, options: ReadOptions = {}) =>
        read((c) => c.fileBytes(fileId))(spaceId, options)
    } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default]
}) {}
