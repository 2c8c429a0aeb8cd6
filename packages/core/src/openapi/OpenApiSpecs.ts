import { Effect, Option, Schema } from "effect"
import { Jobs } from "../jobs/Jobs.js"
import { Access } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { InvalidInput, NotFound } from "../shared/errors.js"
import { makeId, type OpenApiSpecId, type OpenApiSpecVersionId, type OrganizationId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import type { OpenApiSpecRecord, OpenApiSpecSource } from "../storage/openapi/OpenApiSpecRecord.js"
import { OpenApiSpecRepository, openApiSpecSortKey, openApiVersionSortKey } from "../storage/openapi/OpenApiSpecRepository.js"
import { Storage } from "../storage/Storage.js"
import {
  CreateOpenApiSpecInput,
  OpenApiSlug,
  type OpenApiSourceInput,
  PutOpenApiSpecInput,
  UpdateOpenApiSpecInput
} from "./inputs.js"
import { OPENAPI_PROCESS_ATTEMPTS, OpenApiProcessJob } from "./OpenApiJobs.js"
import { openApiSpecPermissions } from "./openApiPermissions.js"
import { renderOpenApiContent, renderOpenApiSpec, renderOpenApiVersion } from "./render.js"

/** The path's slug, checked as a created one is: a PUT may create it. */
const SlugInPath = Schema.Struct({ slug: OpenApiSlug })

const sourceOf = (input: typeof OpenApiSourceInput.Type): OpenApiSpecSource =>
  "url" in input ? { kind: "url", url: input.url } : { kind: "text", text: input.text }

/** An immutable read of a version: what it answers, and the version it is of (its `ETag` follows). */
export interface VersionRead<A> {
  readonly versionId: OpenApiSpecVersionId
  readonly value: A
}

/**
 * An organization's OpenAPI specifications. A write of a source stores the spec `pending` and
 * enqueues its processing (`OpenApiProcessJob`, `processOpenApiSpec`) in one command; the job
 * fetches, parses and validates outside any transaction and writes a version when the content
 * changed. Every member reads; `createOpenAPISpec` (creators, admins) writes.
 */
export class OpenApiSpecs extends Effect.Service<OpenApiSpecs>()("@quire/core/OpenApiSpecs", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const specs = yield* OpenApiSpecRepository
    const jobs = yield* Jobs
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)

    const notFound = (slug: string) => NotFound.of("OpenAPI specification", slug)
    const versionNotFound = (slug: string, id: string) =>
      new NotFound({ message: `OpenAPI specification "${slug}" has no version "${id}"` })

    const viewer = (organizationId: OrganizationId) => access.organization(organizationId)
    const editor = (organizationId: OrganizationId, action: string) =>
      access.organization(organizationId, "createOpenAPISpec", action)

    const findIn = (organizationId: OrganizationId, slug: string) =>
      Effect.flatMap(specs.findSpecBySlug(organizationId, slug), (found) =>
        Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(notFound(slug))
      )

    const appendEvent = (type: Extract<EventType, `openapi_spec.${string}`>, spec: OpenApiSpecRecord) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        yield* events.append({
          type,
          organizationId: spec.organizationId,
          spaceId: null,
          actor: actor.id,
          at: yield* now,
          payload: { spec: spec.id, slug: spec.slug }
        })
      })

    /** The spec `pending` with `source`, its processing enqueued in the caller's transaction. */
    const withProcessing = (spec: Omit<OpenApiSpecRecord, "processingJobId" | "processingState">) =>
      Effect.map(
        jobs.enqueue(
          OpenApiProcessJob,
          { specId: spec.id, organizationId: spec.organizationId },
          { maxAttempts: OPENAPI_PROCESS_ATTEMPTS }
        ),
        (job): OpenApiSpecRecord => ({ ...spec, processingState: "pending", processingJobId: job.id })
      )

    const fresh = (organizationId: OrganizationId, slug: string, source: OpenApiSpecSource) =>
      Effect.gen(function* () {
        const at = yield* now
        return yield* withProcessing({
          id: yield* makeId<OpenApiSpecId>(),
          organizationId,
          slug,
          source,
          visibility: "private",
          lastVersionId: null,
          lastProcessedAt: null,
          lastProcessErrorCode: null,
          lastProcessedErrors: [],
          lastProcessedErrorCount: 0,
          createdAt: at,
          updatedAt: at
        })
      })

    const list = (organizationId: OrganizationId, page: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(page)
          const grant = yield* viewer(organizationId)
          const permissions = openApiSpecPermissions(grant.permissions)
          const slice = yield* specs.listSpecs(organizationId, keyset)
          return toPage(keyset, slice, openApiSpecSortKey, (spec) => renderOpenApiSpec(urls, spec, permissions))
        })
      )

    const create = (organizationId: OrganizationId, input: CreateOpenApiSpecInput) =>
      Effect.tap(
        command(
          Effect.gen(function* () {
            const valid = yield* validate(CreateOpenApiSpecInput)(input)
            const grant = yield* editor(organizationId, "create OpenAPI specifications")
            if (Option.isSome(yield* specs.findSpecBySlug(organizationId, valid.slug))) {
              return yield* Effect.fail(InvalidInput.of("slug", `"${valid.slug}" is already the slug of a specification of this organization`))
            }
            const spec = yield* fresh(organizationId, valid.slug, sourceOf(valid.source))
            yield* specs.insertSpec(spec)
            yield* appendEvent("openapi_spec.created", spec)
            return renderOpenApiSpec(urls, spec, openApiSpecPermissions(grant.permissions))
          })
        ),
        () => jobs.wake
      )

    const get = (organizationId: OrganizationId, slug: string) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* viewer(organizationId)
          return renderOpenApiSpec(urls, yield* findIn(organizationId, slug), openApiSpecPermissions(grant.permissions))
        })
      )

    /** `createOrUpdateOpenAPISpecBySlug`: the spec with this source, processed again even when the source is the same (its URL may answer anew). */
    const put = (organizationId: OrganizationId, slug: string, input: PutOpenApiSpecInput) =>
      Effect.tap(
        command(
          Effect.gen(function* () {
            const { slug: validSlug } = yield* validate(SlugInPath)({ slug })
            const valid = yield* validate(PutOpenApiSpecInput)(input)
            const grant = yield* editor(organizationId, "create or update OpenAPI specifications")
            const permissions = openApiSpecPermissions(grant.permissions)
            const existing = yield* specs.findSpecBySlug(organizationId, validSlug)
            if (Option.isNone(existing)) {
              const spec = yield* fresh(organizationId, validSlug, sourceOf(valid.source))
              yield* specs.insertSpec(spec)
              yield* appendEvent("openapi_spec.created", spec)
              return { created: true, spec: renderOpenApiSpec(urls, spec, permissions) }
            }
            const spec = yield* withProcessing({ ...existing.value, source: sourceOf(valid.source), updatedAt: yield* now })
            yield* specs.updateSpec(spec)
            yield* appendEvent("openapi_spec.updated", spec)
            return { created: false, spec: renderOpenApiSpec(urls, spec, permissions) }
          })
        ),
        () => jobs.wake
      )

    /** `updateOpenAPISpecBySlug`: its visibility. */
    const update = (organizationId: OrganizationId, slug: string, input: UpdateOpenApiSpecInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateOpenApiSpecInput)(input)
          const grant = yield* editor(organizationId, "change OpenAPI specifications")
          const current = yield* findIn(organizationId, slug)
          const permissions = openApiSpecPermissions(grant.permissions)
          if (current.visibility === valid.visibility) return renderOpenApiSpec(urls, current, permissions)
          const next: OpenApiSpecRecord = { ...current, visibility: valid.visibility, updatedAt: yield* now }
          yield* specs.updateSpec(next)
          yield* appendEvent("openapi_spec.updated", next)
          return renderOpenApiSpec(urls, next, permissions)
        })
      )

    /** Whether there was such a spec to delete (its versions go with it; deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, slug: string) =>
      command(
        Effect.gen(function* () {
          yield* editor(organizationId, "delete OpenAPI specifications")
          const found = yield* specs.findSpecBySlug(organizationId, slug)
          if (Option.isNone(found)) return false
          yield* specs.deleteSpec(organizationId, slug)
          yield* appendEvent("openapi_spec.deleted", found.value)
          return true
        })
      )

    const versions = (organizationId: OrganizationId, slug: string, page: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(page)
          yield* viewer(organizationId)
          const spec = yield* findIn(organizationId, slug)
          const slice = yield* specs.listVersions(spec.id, keyset)
          return toPage(keyset, slice, openApiVersionSortKey, (version) => renderOpenApiVersion(urls, spec, version))
        })
      )

    /** The spec and its version: `latest` (the newest complete one) or by id. */
    const versionOf = (organizationId: OrganizationId, slug: string, id: OpenApiSpecVersionId | "latest") =>
      Effect.gen(function* () {
        yield* viewer(organizationId)
        const spec = yield* findIn(organizationId, slug)
        const versionId = id === "latest" ? spec.lastVersionId : id
        if (versionId === null) {
          return yield* Effect.fail(new NotFound({ message: `OpenAPI specification "${slug}" has no processed version yet` }))
        }
        const version = yield* specs.findVersion(spec.id, versionId)
        if (Option.isNone(version)) return yield* Effect.fail(versionNotFound(slug, versionId))
        return { spec, version: version.value }
      })

    const version = (organizationId: OrganizationId, slug: string, id: OpenApiSpecVersionId | "latest") =>
      authorized(
        Effect.map(versionOf(organizationId, slug, id), ({ spec, version }) => ({
          versionId: version.id,
          value: renderOpenApiVersion(urls, spec, version)
        }))
      )

    const content = (organizationId: OrganizationId, slug: string, id: OpenApiSpecVersionId | "latest") =>
      authorized(
        Effect.map(versionOf(organizationId, slug, id), ({ spec, version }) => ({
          versionId: version.id,
          value: renderOpenApiContent(urls, spec, version)
        }))
      )

    const rawContent = (organizationId: OrganizationId, slug: string, id: OpenApiSpecVersionId | "latest") =>
      authorized(
        Effect.map(versionOf(organizationId, slug, id), ({ version }) => ({
          versionId: version.id,
          value: { text: version.raw, format: version.format }
        }))
      )

    return { list, create, get, put, update, remove, versions, version, content, rawContent } as const
  }),
  dependencies: [Access.Default, Jobs.Default]
}) {}
