import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { Effect, Option } from "effect"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import type { ContentChangeInput } from "../content/tree/inputs.js"
import type { MergeConflict } from "../content/tree/merge/MergeConflict.js"
import { changeRequestContentUrls } from "../content/tree/render/ContentUrls.js"
import { Access, ensure } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { makeRevisionAccess } from "../policy/revisionAccess.js"
import { Conflict } from "../shared/errors.js"
import { type ChangeRequestId, makeId, type RevisionId, type SpaceId, type UserId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { ChangeRequestRecord } from "../storage/change-requests/ChangeRequestRecord.js"
import { ChangeRequestRepository, changeRequestSortKey } from "../storage/change-requests/ChangeRequestRepository.js"
import type { SpaceRecord } from "../storage/spaces/SpaceRecord.js"
import { CommentRepository } from "../storage/comments/CommentRepository.js"
import { RevisionRepository } from "../storage/content/RevisionRepository.js"
import { Events } from "../storage/events/Events.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import type { UserRecord } from "../storage/users/UserRecord.js"
import { UserRepository } from "../storage/users/UserRepository.js"
import type { ChangeRequest } from "./ChangeRequest.js"
import { changeRequestEvent, changeRequestUpdateEvent } from "./changeRequestEvents.js"
import { type ChangeRequestGrant, makeChangeRequestGrants } from "./changeRequestGrant.js"
import { ChangeRequestListQuery, CreateChangeRequestInput, UpdateChangeRequestInput } from "./inputs.js"
import { renderChangeRequest, renderContentUpdate, renderContributor } from "./render.js"
import { canMoveTo, isActive } from "./status.js"

/** Which change request: its id, or its number in the space. */
export type ChangeRequestRef = ChangeRequestId | number

/** A merge (or an update from main) that went through, or the conflicts that stopped it. */
export type ChangeRequestMergeOutcome<Result extends "merge" | "update"> =
  | { readonly result: Result; readonly revision: RevisionId }
  | { readonly result: "conflicts"; readonly revision: RevisionId; readonly conflicts: ReadonlyArray<MergeConflict> }

export interface ChangeRequestMergeOptions {
  /** Only tell whether it would merge; write nothing. */
  readonly dryRun?: boolean | undefined
}

/**
 * Change requests: lines of work on a space's content, reviewed and merged. Viewing needs
 * `view` on the space; creating, editing, changing status and updating from the space need
 * `edit` (a live space, edit level or above); merging needs `merge` (review level or above),
 * and a locked space refuses merges with `Conflict`. Each write appends its event
 * (`changeRequestEvents.ts`) in its transaction.
 */
export class ChangeRequests extends Effect.Service<ChangeRequests>()("@quire/core/ChangeRequests", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const engine = yield* ContentEngine
    const searchIndexer = yield* SearchIndexer
    const changeRequests = yield* ChangeRequestRepository
    const spaces = yield* SpaceRepository
    const users = yield* UserRepository
    const comments = yield* CommentRepository
    const revisions = yield* RevisionRepository
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)
    const changeRequestGrant = makeChangeRequestGrants(access, changeRequests)
    const readableRevision = makeRevisionAccess(access, revisions)

    /** Users are never deleted, so a change request's author is always there. */
    const userById = (id: UserId) =>
      Effect.flatten(users.findById(id)).pipe(Effect.orDieWith(() => new Error(`user "${id}" of a change request is missing`)))

    /** Loads the users a set of change requests names, once each, and gives their renderer. */
    const rendererFor = (space: SpaceRecord, records: ReadonlyArray<ChangeRequestRecord>) =>
      Effect.gen(function* () {
        const ids = new Set<UserId>()
        for (const r of records) {
          ids.add(r.createdBy)
          if (r.mergedBy !== null) ids.add(r.mergedBy)
        }
        const loaded = new Map<UserId, UserRecord>()
        for (const id of ids) loaded.set(id, yield* userById(id))
        const openComments = records.length === 0 ? new Map() : yield* comments.countOpen(space.id, records.map((r) => r.id))
        return (record: ChangeRequestRecord): ChangeRequest =>
          renderChangeRequest(urls, record, {
            space,
            createdBy: loaded.get(record.createdBy)!,
            mergedBy: record.mergedBy === null ? undefined : loaded.get(record.mergedBy),
            comments: openComments.get(record.id) ?? 0
          })
      })

    const render = (space: SpaceRecord, record: ChangeRequestRecord) =>
      Effect.map(rendererFor(space, [record]), (renderOne) => renderOne(record))

    /** A change request whose content may still change: not merged, not archived. */
    const ensureActive = (grant: ChangeRequestGrant, action: string) =>
      isActive(grant.record.status)
        ? Effect.void
        : Effect.fail(new Conflict({ message: `Change request #${grant.record.number} is ${grant.record.status}: it cannot ${action}` }))

    /** A space that is deleted keeps its change requests readable but refuses every change. */
    const ensureSpaceLive = (grant: ChangeRequestGrant) =>
      grant.space.deletedAt === null
        ? Effect.void
        : Effect.fail(new Conflict({ message: `Space "${grant.space.id}" is deleted; restore it first` }))

    /** A new draft, made from the space's current content, numbered after the space's last one. */
    const create = (spaceId: SpaceId, input: CreateChangeRequestInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(CreateChangeRequestInput)(input)
          const space = yield* access.activeSpace(spaceId, "edit", "create change requests in this space")
          const at = yield* now
          const record: ChangeRequestRecord = {
            id: yield* makeId<ChangeRequestId>(),
            spaceId,
            number: (yield* changeRequests.lastNumber(spaceId)) + 1,
            status: "draft",
            subject: valid.subject ?? "",
            createdBy: space.member.userId,
            createdAt: at,
            updatedAt: at,
            revisionId: space.record.revisionId,
            revisionInitial: space.record.revisionId,
            revisionMergedAncestor: null,
            revisionMerged: null,
            mergedBy: null,
            mergedAt: null
          }
          yield* changeRequests.insert(record)
          yield* events.append(changeRequestEvent("change_request.created", space.record, record, record.createdBy, at))
          return yield* render(space.record, record)
        })
      )

    /** The space's change requests with one status (`open` unless asked), the newest first. */
    const list = (spaceId: SpaceId, query: ChangeRequestListQuery & PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const valid = yield* validate(ChangeRequestListQuery)(query)
          const keyset = yield* toKeyset(query)
          const space = yield* access.space(spaceId)
          const slice = yield* changeRequests.list(
            spaceId,
            { status: valid.status ?? "open", createdBy: valid.creator as UserId | undefined },
            keyset
          )
          const renderOne = yield* rendererFor(space.record, slice.rows)
          return toPage(keyset, slice, changeRequestSortKey, renderOne)
        })
      )

    const get = (spaceId: SpaceId, ref: ChangeRequestRef) =>
      authorized(Effect.flatMap(changeRequestGrant(spaceId, ref), (grant) => render(grant.space, grant.record)))

    /** Changes the subject and the status (`draft ⇄ open`, `draft | open → archived`, `archived → open`). */
    const update = (spaceId: SpaceId, ref: ChangeRequestRef, input: UpdateChangeRequestInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateChangeRequestInput)(input)
          const grant = yield* changeRequestGrant(spaceId, ref, "edit", "change the change requests of this space")
          yield* ensureSpaceLive(grant)
          const current = grant.record
          if (valid.status !== undefined && !canMoveTo(current.status, valid.status)) {
            return yield* Effect.fail(
              new Conflict({ message: `Change request #${current.number} is ${current.status}: it cannot become ${valid.status}` })
            )
          }
          if (current.status === "merged" && valid.subject !== undefined && valid.subject !== current.subject) {
            return yield* Effect.fail(new Conflict({ message: `Change request #${current.number} is merged: it cannot change` }))
          }
          const at = yield* now
          const next: ChangeRequestRecord = {
            ...current,
            subject: valid.subject ?? current.subject,
            status: valid.status ?? current.status,
            updatedAt: at
          }
          yield* changeRequests.update(next)
          const event = changeRequestUpdateEvent(grant.space, current, next, grant.member.userId, at)
          if (event !== undefined) yield* events.append(event)
          return yield* render(grant.space, next)
        })
      )

    /**
     * Applies the official change batch to the change request's content, all or nothing, and
     * answers the official `ChangeRequestContentUpdate`: the change request as the batch left it,
     * the pages the batch touched, the files it inserted.
     */
    const updateContent = (spaceId: SpaceId, ref: ChangeRequestRef, changes: ReadonlyArray<ContentChangeInput>) =>
      // The documents are read before the transaction opens: the slow part of a write holds no lock.
      Effect.flatMap(engine.prepareDocuments(changes), (prepared) =>
        command(
          Effect.gen(function* () {
            const grant = yield* changeRequestGrant(spaceId, ref, "edit", "edit the change requests of this space")
            yield* ensureSpaceLive(grant)
            yield* ensureActive(grant, "change")
            const current = grant.record
            const actor = yield* Actor
            const applied = yield* engine.apply(current.revisionId, changes, {
              spaceId,
              revertTo: current.revisionInitial,
              prepared,
              readable: (id) => Effect.provideService(authorized(readableRevision(spaceId, id)), Actor, actor)
            })
            const at = yield* now
            const next: ChangeRequestRecord = { ...current, revisionId: applied.revision.id, updatedAt: at }
            yield* changeRequests.update(next)
            yield* changeRequests.recordContributor(current.id, grant.member.userId, at)
            yield* events.append(
              changeRequestEvent("change_request.updated", grant.space, next, grant.member.userId, at, { revisionId: next.revisionId })
            )
            const changeRequest = yield* render(grant.space, next)
            return renderContentUpdate(changeRequest, applied, changeRequestContentUrls(urls, spaceId, current.id))
          })
        )
      )

    /**
     * Merges the change request into the space: the three-way merge of the space's revision and
     * the change request's, from where the change request last took the space's content. Clean:
     * a `merge` revision becomes the space's, and the change request is `merged`. Conflicted:
     * nothing changes, and the conflicts say which pages and why.
     */
    const merge = (spaceId: SpaceId, ref: ChangeRequestRef, options: ChangeRequestMergeOptions = {}) =>
      command(
        Effect.gen(function* () {
          const grant = yield* changeRequestGrant(spaceId, ref)
          yield* ensureSpaceLive(grant)
          if (grant.space.editMode === "locked") {
            return yield* Effect.fail(new Conflict({ message: `Space "${spaceId}" is locked: unlock it to merge` }))
          }
          yield* ensure(grant.permissions.merge, "merge change requests in this space")
          yield* ensureActive(grant, "be merged")
          const current = grant.record
          const space = grant.space
          const base = current.revisionMergedAncestor ?? current.revisionInitial
          const outcome = yield* engine.merge(base, space.revisionId, current.revisionId, {
            spaceId,
            dryRun: options.dryRun === true
          })
          if (outcome._tag === "Conflicted") {
            return { result: "conflicts", revision: space.revisionId, conflicts: outcome.conflicts } satisfies ChangeRequestMergeOutcome<"merge"> as ChangeRequestMergeOutcome<"merge">
          }
          if (outcome._tag === "Mergeable") return { result: "merge", revision: space.revisionId } as ChangeRequestMergeOutcome<"merge">
          const at = yield* now
          yield* spaces.update({ ...space, revisionId: outcome.revision.id, updatedAt: at })
          yield* searchIndexer.follow(space.id, outcome.revision.id)
          const merged: ChangeRequestRecord = {
            ...current,
            status: "merged",
            revisionMerged: outcome.revision.id,
            mergedBy: grant.member.userId,
            mergedAt: at,
            updatedAt: at
          }
          yield* changeRequests.update(merged)
          yield* events.append(
            changeRequestEvent("change_request.merged", space, merged, grant.member.userId, at, { revisionId: outcome.revision.id })
          )
          return { result: "merge", revision: outcome.revision.id } as ChangeRequestMergeOutcome<"merge">
        })
      )

    /** The conflicts a merge would meet now (none: it would merge), without writing anything. */
    const conflicts = (spaceId: SpaceId, ref: ChangeRequestRef) =>
      Effect.map(merge(spaceId, ref, { dryRun: true }), (outcome) => ("conflicts" in outcome ? outcome.conflicts : []))

    /**
     * Brings the space's content into the change request: the three-way merge of its revision and
     * the space's. Clean: its new revision, taken from the space's current one, so it is no
     * longer outdated. Conflicted: nothing changes.
     */
    const updateFromSpace = (spaceId: SpaceId, ref: ChangeRequestRef) =>
      command(
        Effect.gen(function* () {
          const grant = yield* changeRequestGrant(spaceId, ref, "edit", "update the change requests of this space")
          yield* ensureSpaceLive(grant)
          yield* ensureActive(grant, "be updated")
          const current = grant.record
          const main = grant.space.revisionId
          const base = current.revisionMergedAncestor ?? current.revisionInitial
          if (main === base) return { result: "update", revision: current.revisionId } as ChangeRequestMergeOutcome<"update">
          const outcome = yield* engine.merge(base, current.revisionId, main, { spaceId })
          if (outcome._tag === "Conflicted") {
            return { result: "conflicts", revision: current.revisionId, conflicts: outcome.conflicts } as ChangeRequestMergeOutcome<"update">
          }
          if (outcome._tag !== "Merged") return yield* Effect.dieMessage("a merge that is not a dry run wrote nothing")
          const at = yield* now
          const next: ChangeRequestRecord = {
            ...current,
            revisionId: outcome.revision.id,
            revisionMergedAncestor: main,
            updatedAt: at
          }
          yield* changeRequests.update(next)
          yield* changeRequests.recordContributor(current.id, grant.member.userId, at)
          yield* events.append(
            changeRequestEvent("change_request.updated", grant.space, next, grant.member.userId, at, { revisionId: next.revisionId })
          )
          return { result: "update", revision: outcome.revision.id } as ChangeRequestMergeOutcome<"update">
        })
      )

    /** The change request of `spaceId` whose merge made `revisionId`, if one did. */
    const mergedIn = (spaceId: SpaceId, revisionId: RevisionId) =>
      Effect.flatMap(access.space(spaceId), (space) =>
        Effect.flatMap(changeRequests.findByMergedRevision(spaceId, revisionId), (found) =>
          Option.isNone(found) ? Effect.succeedNone : Effect.map(render(space.record, found.value), Option.some)
        )
      )

    /**
     * The change request whose merge made `revisionId` (the official `mergedFrom`), read in
     * `spaceId`: looked for there, then in the space the revision was made in (a space reads the
     * revisions of spaces its caller can view, and a duplicate starts from its original's), if
     * the caller can view that one. None when no merge made it, or the caller may not see it.
     */
    const mergedAs = (spaceId: SpaceId, revisionId: RevisionId) =>
      authorized(
        Effect.flatMap(mergedIn(spaceId, revisionId), (here) =>
          Option.isSome(here)
            ? Effect.succeed(here)
            : Effect.flatMap(revisions.findById(revisionId), (record) =>
                Option.isNone(record) || record.value.spaceId === spaceId
                  ? Effect.succeedNone
                  : mergedIn(record.value.spaceId, revisionId).pipe(Effect.catchTag("NotFound", () => Effect.succeedNone))
              )
        )
      )

    /**
     * Who wrote to the change request (content batches, updates from the space), by first
     * write: each with how many writes and the last one's time. Creating it is no contribution.
     */
    const contributors = (spaceId: SpaceId, ref: ChangeRequestRef) =>
      authorized(
        Effect.gen(function* () {
          const { record } = yield* changeRequestGrant(spaceId, ref)
          const rows = yield* changeRequests.listContributors(record.id)
          const items = yield* Effect.forEach(rows, (row) => Effect.map(userById(row.userId), (user) => renderContributor(urls, row, user)))
          return { items, count: items.length }
        })
      )

    return {
      create,
      list,
      get,
      update,
      updateContent,
      merge,
      conflicts,
      updateFromSpace,
      mergedAs,
      contributors
    } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default, SearchIndexer.Default]
}) {}
