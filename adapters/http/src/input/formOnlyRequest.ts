import { Headers, type HttpServerRequest, UrlParams } from "@effect/platform"
import { Effect, type Scope, Stream } from "effect"
import { BodyRefused } from "./BodyRefused.js"
import type { InputLimitOptions } from "./InputLimits.js"
import { readBodyText } from "./readBody.js"

const FORM = "application/x-www-form-urlencoded"

/**
 * The one operation whose body is an HTML form, not JSON: a SAML identity provider's answer
 * (HTTP-POST binding) to `/saml/{samlProviderId}/acs`.
 */
export const takesFormBody = (url: string): boolean => /\/saml\/[^/?]+\/acs(?:\?|$)/.test(url)

export const bodyNotForm = new BodyRefused({
  status: 415,
  message: `The request body must be a form, sent with content-type: ${FORM}`
})

const refused = { get: () => Effect.fail(bodyNotForm) }

/**
 * `request` with a body that can only be read as a form, within `limits` (413 past the cap, 415
 * for another media type): what `jsonOnlyRequest` is for the JSON operations.
 */
export const formOnlyRequest = (
  request: HttpServerRequest.HttpServerRequest,
  limits: InputLimitOptions,
  scope: Scope.Scope
): HttpServerRequest.HttpServerRequest =>
  Object.create(request, {
    headers: { get: () => Headers.set(request.headers, "content-type", FORM) },
    urlParamsBody: {
      get: () =>
        (request.headers["content-type"] ?? "").toLowerCase().split(";")[0]!.trim() === FORM
          ? Effect.map(readBodyText(request, limits.maxBodyBytes, scope), (text) =>
              UrlParams.fromInput(new URLSearchParams(text))
            )
          : Effect.fail(bodyNotForm)
    },
    json: refused,
    text: refused,
    arrayBuffer: refused,
    multipart: refused,
    multipartStream: { get: () => Stream.fail(bodyNotForm) },
    stream: { get: () => Stream.fail(bodyNotForm) }
  })
