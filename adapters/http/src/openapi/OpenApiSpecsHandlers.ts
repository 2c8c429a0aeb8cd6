import { HttpApiBuilder, type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { OpenApiSpecs, type VersionRead } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { contentTag } from "../etag.js"
import { isolated } from "../isolated.js"
import { conditionalJson, json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent, withLocation } from "../shared/responses.js"
import { OpenApiSpecsGroup } from "./OpenApiSpecsGroup.js"

/**
 * `Cache-Control` of version reads: a version named by id never changes; `latest` may move to
 * a newer version, so it is revalidated (its `ETag` names the version it answered).
 */
const CacheControl = { byId: "private, max-age=31536000, immutable", latest: "private, no-cache" } as const

/** A version read with its `ETag` (the version and what was read of it), 304 when `If-None-Match` names it. */
const versionAnswer = <A, E, R>(
  request: HttpServerRequest.HttpServerRequest,
  what: string,
  latest: boolean,
  read: Effect.Effect<VersionRead<A>, E, R>
) =>
  Effect.flatMap(read, ({ versionId, value }) =>
    conditionalJson(
      request.headers["if-none-match"],
      { etag: contentTag(versionId, ["openapi", what]), cacheControl: latest ? CacheControl.latest : CacheControl.byId },
      Effect.succeed(value)
    )
  )

export const OpenApiSpecsHandlers = HttpApiBuilder.group(apiOf(OpenApiSpecsGroup), "openapi", (handlers) =>
  Effect.map(OpenApiSpecs, (specs) =>
    handlers
      .handle("listOpenAPISpecs", ({ path, urlParams }) => json(specs.list(path.organizationId, urlParams)))
      .handle("createOpenAPISpec", ({ path, payload }) => withLocation(specs.create(path.organizationId, payload)))
      .handle("getOpenAPISpecBySlug", ({ path }) => json(specs.get(path.organizationId, path.specSlug)))
      .handle("createOrUpdateOpenAPISpecBySlug", ({ path, payload }) =>
        Effect.map(specs.put(path.organizationId, path.specSlug, payload), ({ created, spec }) =>
          HttpServerResponse.unsafeJson(spec, {
            status: created ? 201 : 200,
            ...(created ? { headers: { location: spec.urls.location } } : {})
          })
        )
      )
      .handle("updateOpenAPISpecBySlug", ({ path, payload }) =>
        json(specs.update(path.organizationId, path.specSlug, payload))
      )
      .handle("deleteOpenAPISpecBySlug", ({ path }) =>
        Effect.map(specs.remove(path.organizationId, path.specSlug), deletedOrAbsent)
      )
      .handle("listOpenAPISpecVersions", ({ path, urlParams }) =>
        json(specs.versions(path.organizationId, path.specSlug, urlParams))
      )
      .handle("getLatestOpenAPISpecVersion", ({ path, request }) =>
        versionAnswer(request, "version", true, specs.version(path.organizationId, path.specSlug, "latest"))
      )
      .handle("getLatestOpenAPISpecVersionContent", ({ path, request }) =>
        versionAnswer(request, "content", true, specs.content(path.organizationId, path.specSlug, "latest"))
      )
      .handle("getLatestOpenAPISpecVersionContentRaw", ({ path, request }) =>
        versionAnswer(request, "raw", true, specs.rawContent(path.organizationId, path.specSlug, "latest"))
      )
      .handle("getOpenAPISpecVersionById", ({ path, request }) =>
        versionAnswer(request, "version", false, specs.version(path.organizationId, path.specSlug, path.versionId))
      )
      .handle("getOpenAPISpecVersionContentById", ({ path, request }) =>
        versionAnswer(request, "content", false, specs.content(path.organizationId, path.specSlug, path.versionId))
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const OpenApiSpecsHttp = isolated(OpenApiSpecsHandlers, [Authentication, OpenApiSpecs])
