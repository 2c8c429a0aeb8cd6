import { HttpApiBuilder, HttpMethod, HttpServerRequest } from "@effect/platform"
import { Context, Effect, Scope } from "effect"
import { bodyTooLarge, refusalResponse } from "./BodyRefused.js"
import { InputLimits } from "./InputLimits.js"
import { formOnlyRequest, takesFormBody } from "./formOnlyRequest.js"
import { jsonOnlyRequest } from "./jsonOnlyRequest.js"

/**
 * Applies `InputLimits` to every request that may carry a body: a declared length over the
 * cap is answered 413 before anything is read, and the body is only ever read as checked
 * JSON (see `jsonOnlyRequest`), when an operation asks for it; the SAML ACS's only as a form
 * (`formOnlyRequest`). Requests that carry no body
 * (GET) pass as they are. Path and query parameters are checked by their schemas (`UrlText`).
 */
export const InputLimitsLive = HttpApiBuilder.middleware(
  Effect.map(InputLimits, (limits) => {
    const tooLarge = bodyTooLarge(limits.maxBodyBytes)
    return (app) =>
      Effect.withFiberRuntime((fiber) => {
        const context = fiber.currentContext
        const request = Context.unsafeGet(context, HttpServerRequest.HttpServerRequest)
        if (!HttpMethod.hasBody(request.method)) return app
        const declared = request.headers["content-length"]
        if (declared !== undefined && Number(declared) > limits.maxBodyBytes) return Effect.succeed(refusalResponse(tooLarge))
        const scope = Context.unsafeGet(context, Scope.Scope)
        const checked = takesFormBody(request.url) ? formOnlyRequest : jsonOnlyRequest
        return Effect.provideService(app, HttpServerRequest.HttpServerRequest, checked(request, limits, scope))
      })
  })
)
