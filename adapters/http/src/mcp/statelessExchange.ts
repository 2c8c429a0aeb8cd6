import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { ErrorCode, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js"
import type { DomainError } from "@quire/core"
import { Effect, type Scope } from "effect"
import { bodyTooLarge, refusalResponse } from "../input/BodyRefused.js"
import type { InputLimitOptions } from "../input/InputLimits.js"
import { readJsonBody } from "../input/readJsonBody.js"
import { CollectingTransport } from "./CollectingTransport.js"
import { errorBody } from "./toolResults.js"

/** The version Quire's MCP servers tell clients in `serverInfo`. */
export const MCP_SERVER_VERSION = "0.1.0"

/** A domain error as an HTTP answer: its status and the API's error body. */
export const domainErrorResponse = (error: DomainError): HttpServerResponse.HttpServerResponse => {
  const body = errorBody(error)
  return HttpServerResponse.unsafeJson(body, { status: body.error.code })
}

/** 405 for anything but POST: no server-initiated stream, no session to end. */
export const postOnly = (path: string): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(
    { error: { code: 405, message: `${path} answers POST only (stateless Streamable HTTP, JSON answers)` } },
    { status: 405, headers: { allow: "POST" } }
  )

/** A JSON-RPC error with no request to answer (the body was no message). */
const invalidMessage = (message: string) =>
  HttpServerResponse.unsafeJson({ jsonrpc: "2.0", id: null, error: { code: ErrorCode.InvalidRequest, message } }, { status: 400 })

/**
 * One exchange of stateless Streamable HTTP with JSON answers: the POST's body, read under the
 * API's limits (`readJsonBody`: 413, 415, 400), must be one JSON-RPC message, which a fresh
 * server (`makeServer`) answers (200 with JSON) or takes (202 for a notification or a response).
 * `scope` is the request's.
 */
export const exchangeOnce = (
  request: HttpServerRequest.HttpServerRequest,
  limits: InputLimitOptions,
  scope: Scope.Scope,
  makeServer: () => Server
): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  Effect.gen(function* () {
    const declared = request.headers["content-length"]
    if (declared !== undefined && Number(declared) > limits.maxBodyBytes) return refusalResponse(bodyTooLarge(limits.maxBodyBytes))
    const body = yield* readJsonBody(request, limits, scope)
    const parsed = JSONRPCMessageSchema.safeParse(body)
    if (!parsed.success) return invalidMessage("The body must be one JSON-RPC 2.0 message")
    const transport = new CollectingTransport()
    const server = makeServer()
    yield* Effect.promise(() => server.connect(transport))
    const answered = yield* Effect.ensuring(
      Effect.promise(() => transport.exchange(parsed.data)),
      Effect.promise(() => server.close())
    )
    return answered === undefined ? HttpServerResponse.empty({ status: 202 }) : HttpServerResponse.unsafeJson(answered)
  }).pipe(
    Effect.catchAll((error) => {
      switch (error._tag) {
        case "BodyRefused":
          return Effect.succeed(refusalResponse(error))
        case "RequestError":
          return Effect.succeed(invalidMessage("The body could not be read"))
        default:
          return Effect.succeed(domainErrorResponse(error))
      }
    })
  )
