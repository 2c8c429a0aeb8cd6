import { Effect, Option } from "effect"
import { changeRequestEvent } from "../change-requests/changeRequestEvents.js"
import { makeChangeRequestGrants } from "../change-requests/changeRequestGrant.js"
import { isActive } from "../change-requests/status.js"
import { SearchIndexer } from "../content/search/SearchIndexer.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { MarkdownWork } from "../content/markdown/work/MarkdownWork.js"
import { outlinesOf } from "../content/tree/ParsedBody.js"
import { emptyAllowList } from "../outbound/allowList.js"
import { Fetcher } from "../outbound/Fetcher.js"
import { makeGuardedFetcher } from "../outbound/GuardedFetcher.js"
import { Access } from "../policy/Access.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict } from "../shared/errors.js"
import type { ChangeRequestId, SpaceId } from "../shared/ids.js"
import { now } from "../shared/time.js"
import { validate } from "../shared/validation.js"
import { ChangeRequestRepository } from "../storage/change-requests/ChangeRequestRepository.js"
import { Events } from "../storage/events/Events.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { Storage } from "../storage/Storage.js"
import { addImportedPages } from "./addImportedPages.js"
import { ImportContentInput, type ImportContentResult } from "./ImportContentInput.js"
import { type ImportReading, readImport } from "./readImport.js"

/** Which change request: its id, or its number in the space. */
type ChangeRequestRef = ChangeRequestId | number

const resultOf = (revision: string, reading: ImportReading): ImportContentResult => ({
  revision,
  importedResources: reading.pages.length + reading.files.length,
  totalResources: reading.total
})

/**
 * Imports content from a URL (`{url, source}`, see `readImport`) into a space's content or a
 * change request's, adding the pages after the existing root pages (see `addImportedPages`).
 * Access is asked first; the source is fetched and converted outside any transaction (a
 * retried transaction must not fetch again); then one command re-checks access and writes.
 * Into a space: a new main revision, moved in the command as `Content.merge` moves it, so a
 * concurrent change is built on, never lost, and the search index follows. Into a change
 * request: its revision. A failed import writes nothing. The `Fetcher` is the one the
 * application provides (the server's reads `QUIRE_FETCH_ALLOW`); without one, a guarded
 * fetcher that reaches public addresses only.
 */
export class ContentImports extends Effect.Service<ContentImports>()("@quire/core/ContentImports", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const engine = yield* ContentEngine
    const searchIndexer = yield* SearchIndexer
    const spaces = yield* SpaceRepository
    const changeRequests = yield* ChangeRequestRepository
    const events = yield* Events
    const command = authorizedCommand(yield* Storage)
    const changeRequestGrant = makeChangeRequestGrants(access, changeRequests)
    const fetcher = Option.getOrElse(yield* Effect.serviceOption(Fetcher), () => makeGuardedFetcher({ allow: emptyAllowList }))

    // The engine's markdown work (worker threads in the server): a request runs among fewer
    // services (see the HTTP adapter's `isolated`), where `MarkdownWork` would be its default.
    const read = (input: unknown) =>
      Effect.flatMap(validate(ImportContentInput)(input), (valid) =>
        readImport(valid.source, valid.url).pipe(Effect.provideService(Fetcher, fetcher), Effect.provideService(MarkdownWork, engine.markdown))
      )

    const spaceGrant = (spaceId: SpaceId) => access.activeSpace(spaceId, "edit", "import content into this space")

    const writableChangeRequest = (spaceId: SpaceId, ref: ChangeRequestRef) =>
      Effect.gen(function* () {
        const grant = yield* changeRequestGrant(spaceId, ref, "edit", "import content into the change requests of this space")
        if (grant.space.deletedAt !== null) {
          return yield* Effect.fail(new Conflict({ message: `Space "${spaceId}" is deleted; restore it first` }))
        }
        if (!isActive(grant.record.status)) {
          return yield* Effect.fail(
            new Conflict({ message: `Change request #${grant.record.number} is ${grant.record.status}: it cannot change` })
          )
        }
        return grant
      })

    /** `importContent`: a new main revision of the space with the imported pages. */
    const importIntoSpace = (spaceId: SpaceId, input: unknown) =>
      Effect.gen(function* () {
        yield* authorized(spaceGrant(spaceId))
        const reading = yield* read(input)
        return yield* command(
          Effect.gen(function* () {
            const current = (yield* spaceGrant(spaceId)).record
            const revisionId = yield* addImportedPages(engine, spaceId, current.revisionId, reading)
            const next = { ...current, revisionId, updatedAt: yield* now }
            yield* spaces.update(next)
            yield* searchIndexer.follow(next.id, next.revisionId, { outlines: outlinesOf(reading.pages) })
            return resultOf(revisionId, reading)
          })
        )
      })

    /** `importChangeRequestContent`: the change request's revision moves to one with the imported pages. */
    const importIntoChangeRequest = (spaceId: SpaceId, ref: ChangeRequestRef, input: unknown) =>
      Effect.gen(function* () {
        yield* authorized(writableChangeRequest(spaceId, ref))
        const reading = yield* read(input)
        return yield* command(
          Effect.gen(function* () {
            const grant = yield* writableChangeRequest(spaceId, ref)
            const current = grant.record
            const revisionId = yield* addImportedPages(engine, spaceId, current.revisionId, reading)
            const at = yield* now
            const next = { ...current, revisionId, updatedAt: at }
            yield* changeRequests.update(next)
            yield* changeRequests.recordContributor(current.id, grant.member.userId, at)
            yield* events.append(changeRequestEvent("change_request.updated", grant.space, next, grant.member.userId, at, { revisionId }))
            return resultOf(revisionId, reading)
          })
        )
      })

    return { importIntoSpace, importIntoChangeRequest } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default, SearchIndexer.Default]
}) {}
