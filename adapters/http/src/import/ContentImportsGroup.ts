import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ImportContentInput, ImportContentResult } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { changeRequestId, spaceId } from "../params.js"
import { created, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/**
 * Imports of content from a URL (not in the official spec; named in its style): the source is
 * fetched and converted, and its pages added after the root pages of the space's content or
 * the change request's (see `ContentImports`).
 */
export class ContentImportsGroup extends withCommonErrors(
  HttpApiGroup.make("contentImports", { topLevel: true })
    .add(
      HttpApiEndpoint.post("importContent")`/spaces/${spaceId}/content/import`
        .setPayload(ImportContentInput)
        .addSuccess(created(ImportContentResult))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Import content from a URL into a space")
    )
    .add(
      HttpApiEndpoint.post("importChangeRequestContent")`/spaces/${spaceId}/change-requests/${changeRequestId}/content/import`
        .setPayload(ImportContentInput)
        .addSuccess(created(ImportContentResult))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Import content from a URL into a change request")
    )
).middleware(Authentication) {}
