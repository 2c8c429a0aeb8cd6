import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { type ScopeName, scopedGet } from "../content/scopes.js"
import { BooleanParam, UrlText } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"

/** The official `only` and `page`: `page` alone exports everything (checking the page exists), `only=true` just that page. */
const PdfQuery = Schema.Struct({
  only: Schema.optional(BooleanParam("only")),
  page: Schema.optional(UrlText)
})

/**
 * The signed grant, `<payload>.<signature>` in base64url (see `signGrant`). In the query, not the
 * path: it is longer than the router takes a path parameter (100 characters), and the request
 * log redacts a `token` parameter's value.
 */
const token = UrlText.annotations({ description: "The signed grant the URL carries" })

/** The official answer: a URL that serves the PDF, without a token, for an hour. */
const PdfUrl = Schema.Struct({
  url: Schema.String.annotations({ description: "Temporary URL to print the content. The URL will work for 1h." })
}).annotations({ identifier: "PdfUrl" })

/** A PDF export of a scope's content: a signed URL (see `PdfDownloadsGroup`). */
const pdf = <const Name extends string, Scope extends ScopeName>(name: Name, scope: Scope) =>
  scopedGet(name, scope, "/pdf", {}, "owner").setUrlParams(PdfQuery).addSuccess(PdfUrl)

/** Exports of content as PDF: the official operations, which answer a signed URL (see `PdfDownloadsGroup`). */
export class PdfExportsGroup extends withCommonErrors(
  HttpApiGroup.make("pdfExports", { topLevel: true })
    .add(pdf("getSpacePDF", "Space").annotate(OpenApi.Summary, "Get a temporary URL to download a space or page as PDF"))
    .add(
      pdf("getChangeRequestPDF", "ChangeRequest").annotate(
        OpenApi.Summary,
        "Get a temporary URL to download a change request's content as PDF"
      )
    )
).middleware(Authentication) {}

/**
 * The URL `getSpacePDF` and `getChangeRequestPDF` answer (not in the official spec): no
 * bearer token, the signed `token` is the permission. Tampered, expired, or issued to a
 * user who can no longer view the content: 404.
 */
export class PdfDownloadsGroup extends withCommonErrors(
  HttpApiGroup.make("pdfDownloads", { topLevel: true }).add(
    HttpApiEndpoint.get("downloadPDF", "/pdf")
      .setUrlParams(Schema.Struct({ token }))
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/pdf" }).annotations({ description: "The PDF" }))
      .annotate(OpenApi.Summary, "Download a PDF export from a signed URL")
  )
) {}
