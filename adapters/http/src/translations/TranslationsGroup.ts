import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ListOf, TranslationInput, TranslationSettings } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { organizationId, PageParams, translationId } from "../params.js"
import { created, NoContent, ResetContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/**
 * An organization's translation settings, at the official paths and operationIds, in the seed's
 * shapes (`TranslationSettings`, a body of `title` and `languages`): docs/api-notes/translations.md.
 */
export class TranslationsGroup extends withCommonErrors(
  HttpApiGroup.make("translations", { topLevel: true })
    .add(
      HttpApiEndpoint.get("listTranslations")`/orgs/${organizationId}/translations`
        .setUrlParams(Schema.Struct(PageParams))
        .addSuccess(ListOf(TranslationSettings))
        .annotate(OpenApi.Summary, "List all the translations")
    )
    .add(
      HttpApiEndpoint.post("createTranslation")`/orgs/${organizationId}/translations`
        .setPayload(TranslationInput)
        .addSuccess(created(TranslationSettings))
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Create a translation")
    )
    .add(
      HttpApiEndpoint.get("getTranslation")`/orgs/${organizationId}/translations/${translationId}`
        .addSuccess(TranslationSettings)
        .annotate(OpenApi.Summary, "Get a translation by its ID")
    )
    .add(
      HttpApiEndpoint.put("updateTranslation")`/orgs/${organizationId}/translations/${translationId}`
        .setPayload(TranslationInput)
        .addSuccess(TranslationSettings)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Update a translation")
    )
    .add(
      HttpApiEndpoint.del("deleteTranslation")`/orgs/${organizationId}/translations/${translationId}`
        .addSuccess(ResetContent)
        .addSuccess(NoContent)
        .annotate(OpenApi.Summary, "Delete a translation")
    )
).middleware(Authentication) {}
