import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import {
  Actor,
  type ChangeRequestId,
  PdfExports,
  type ExportTarget,
  NotFound,
  type RevisionId,
  type SpaceId,
  type UserId,
  Urls,
  Users
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { Authentication } from "../Authentication.js"
import { inlineDisposition } from "../contentDisposition.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { scopeOf } from "../content/scopes.js"
import { ExportLinks } from "./ExportLinks.js"
import { exportBlocks } from "./render/exportBlocks.js"
import { renderPdf } from "./render/renderPdf.js"
import { type ExportGrant, signGrant, verifyGrant } from "./signedToken.js"
import { apiOf } from "../shared/apiOf.js"
import { PdfDownloadsGroup, PdfExportsGroup } from "./PdfExportsGroup.js"

/** What every refused link gets, whatever the reason: nothing tells a forged token from an expired one. */
const invalidLink = () => new NotFound({ message: "This PDF link is invalid or has expired" })

/** `getSpacePDF` and `getChangeRequestPDF`: a URL granting the caller's export for `ttlMillis`. */
export const PdfExportsHandlers = HttpApiBuilder.group(apiOf(PdfExportsGroup), "pdfExports", (handlers) =>
  Effect.gen(function* () {
    const exports = yield* PdfExports
    const urls = yield* Urls
    const links = yield* ExportLinks
    const clock = yield* Effect.clock

    const urlFor = (target: ExportTarget) =>
      Effect.map(Actor, (actor) => {
        const grant: ExportGrant = {
          user: actor.id,
          space: target.space,
          ...(target.changeRequest === undefined ? {} : { changeRequest: target.changeRequest }),
          revision: target.revision,
          ...(target.page === undefined ? {} : { page: target.page }),
          only: target.only,
          expires: clock.unsafeCurrentTimeMillis() + links.ttlMillis
        }
        return { url: urls.api(`/pdf?token=${signGrant(grant, links.signingKey)}`) }
      })

    return handlers
      .handle("getSpacePDF", ({ path, urlParams }) => json(Effect.flatMap(exports.target(scopeOf(path), urlParams), urlFor)))
      .handle("getChangeRequestPDF", ({ path, urlParams }) => json(Effect.flatMap(exports.target(scopeOf(path), urlParams), urlFor)))
  })
)

/**
 * `downloadPDF`: the PDF a signed URL grants, made when it is fetched, read as the user it was
 * issued to (who must still be able to view the content) at the revision they saw.
 */
export const PdfDownloadsHandlers = HttpApiBuilder.group(apiOf(PdfDownloadsGroup), "pdfDownloads", (handlers) =>
  Effect.gen(function* () {
    const exports = yield* PdfExports
    const users = yield* Users
    const links = yield* ExportLinks
    const clock = yield* Effect.clock

    const pdfOf = (grant: ExportGrant) =>
      Effect.gen(function* () {
        const user = yield* users.findById(grant.user as UserId)
        if (Option.isNone(user)) return yield* Effect.fail(invalidLink())
        const content = yield* exports
          .content({
            space: grant.space as SpaceId,
            changeRequest: grant.changeRequest as ChangeRequestId | undefined,
            revision: grant.revision as RevisionId,
            page: grant.page,
            only: grant.only
          })
          .pipe(Effect.provideService(Actor, user.value))
        const bytes = yield* renderPdf(content.title, yield* exportBlocks(content))
        return HttpServerResponse.uint8Array(bytes, {
          contentType: "application/pdf",
          headers: {
            "content-disposition": inlineDisposition(`${content.title}.pdf`),
            "cache-control": "private, no-store",
            "x-content-type-options": "nosniff"
          }
        })
      })

    return handlers.handle("downloadPDF", ({ urlParams }) => {
      const grant = verifyGrant(urlParams.token, links.signingKey, clock.unsafeCurrentTimeMillis())
      return grant === undefined ? Effect.fail(invalidLink()) : pdfOf(grant)
    })
  })
)

/**
 * Both groups, each built among only the services it uses (see `isolated`), with the
 * `ExportLinks` of the context around the API: a reference, which `isolated` would otherwise
 * not carry in (and, listed, would make a requirement of the API).
 */
export const PdfExportsHttp = Layer.unwrapEffect(
  Effect.map(ExportLinks, (links) => {
    const withLinks = Layer.provide(Layer.succeed(ExportLinks, links))
    return Layer.merge(
      isolated(withLinks(PdfExportsHandlers), [Authentication, PdfExports, Urls]),
      isolated(withLinks(PdfDownloadsHandlers), [PdfExports, Users])
    )
  })
)
