import { type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  ErrorCode,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  McpError
} from "@modelcontextprotocol/sdk/types.js"
import { Actor, ChangeRequests, Comments, Content, type DomainError, Organizations, Search, Spaces, type UserRecord } from "@quire/core"
import { Context, Effect, Layer, Runtime, Scope } from "effect"
import { BearerTokens } from "../Authentication.js"
import { bodyTooLarge, refusalResponse } from "../input/BodyRefused.js"
import { type InputLimitOptions, InputLimits } from "../input/InputLimits.js"
import { readJsonBody } from "../input/readJsonBody.js"
import { isolated } from "../isolated.js"
import { CollectingTransport } from "./CollectingTransport.js"
import { errorBody, toolError, toolFailure, toolSuccess } from "./toolResults.js"
import { type ToolServices, tools, toolsByName } from "./tools.js"

/** Where the organization's MCP server is served, under the public URL. */
export const MCP_PATH = "/mcp"

const SERVER_INFO = { name: "quire", version: "0.1.0" }

/** The organization's MCP server as an `HttpApp` (see `McpEndpointLive`); `serveQuireApi` mounts it at `MCP_PATH`. */
export class McpEndpoint extends Context.Tag("@quire/http/McpEndpoint")<McpEndpoint, { readonly app: HttpApp.Default }>() {}

const BEARER = /^Bearer /i

const methodNotAllowed = HttpServerResponse.unsafeJson(
  { error: { code: 405, message: `${MCP_PATH} answers POST only (stateless Streamable HTTP, JSON answers)` } },
  { status: 405, headers: { allow: "POST" } }
)

const domainError = (error: DomainError) => {
  const body = errorBody(error)
  return Effect.succeed(HttpServerResponse.unsafeJson(body, { status: body.error.code }))
}

/** A JSON-RPC error with no request to answer (the body was no message). */
const invalidMessage = (message: string) =>
  HttpServerResponse.unsafeJson({ jsonrpc: "2.0", id: null, error: { code: ErrorCode.InvalidRequest, message } }, { status: 400 })

/**
 * A fresh SDK `Server` whose tools run as `user`: each call decodes its arguments and runs one
 * core operation in `runtime` (the core's services), so `Access` decides as for the REST API.
 */
const serverFor = (runtime: Runtime.Runtime<ToolServices>, user: UserRecord) => {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.readOnly }
    }))
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = toolsByName.get(request.params.name)
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `No tool named "${request.params.name.slice(0, 64)}"`)
    return Runtime.runPromise(runtime)(
      tool.call(request.params.arguments).pipe(
        Effect.map(toolSuccess),
        Effect.catchAll((error) => Effect.succeed(toolError(error))),
        Effect.catchAllDefect((defect) => Effect.as(Effect.logError(`MCP tool ${tool.name} failed`, defect), toolFailure)),
        Effect.provideService(Actor, user)
      )
    )
  })
  return server
}

/**
 * Stateless Streamable HTTP with JSON answers: each POST carries one JSON-RPC message, which a
 * fresh server answers (200 with JSON), or takes (202 for a notification or a response).
 * Authenticated and counted like every API request (`BearerTokens`): 401 or 429 in the API's
 * error body. The body is read under the API's limits (`readJsonBody`).
 */
export const mcpEndpointLayer = (limits: InputLimitOptions) => Layer.effect(
  McpEndpoint,
  Effect.gen(function* () {
    const tokens = yield* BearerTokens
    const runtime = yield* Effect.runtime<ToolServices>()
    const tooLarge = bodyTooLarge(limits.maxBodyBytes)

    const answer = (request: HttpServerRequest.HttpServerRequest, scope: Scope.Scope) =>
      Effect.gen(function* () {
        const authorization = request.headers.authorization ?? ""
        const user = yield* tokens.admit(BEARER.test(authorization) ? authorization.slice(7).trim() : "")
        const declared = request.headers["content-length"]
        if (declared !== undefined && Number(declared) > limits.maxBodyBytes) return refusalResponse(tooLarge)
        const body = yield* readJsonBody(request, limits, scope)
        const parsed = JSONRPCMessageSchema.safeParse(body)
        if (!parsed.success) return invalidMessage("The body must be one JSON-RPC 2.0 message")
        const transport = new CollectingTransport()
        const server = serverFor(runtime, user)
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
              return domainError(error)
          }
        })
      )

    const app: HttpApp.Default = Effect.withFiberRuntime((fiber) => {
      const request = Context.unsafeGet(fiber.currentContext, HttpServerRequest.HttpServerRequest)
      if (request.method !== "POST") return Effect.succeed(methodNotAllowed)
      return answer(request, Context.unsafeGet(fiber.currentContext, Scope.Scope))
    })
    return { app }
  })
)

/**
 * The endpoint under the `InputLimits` in force where it is built, built among only the
 * services it uses (see `isolated`).
 */
export const McpEndpointLive = Layer.unwrapEffect(
  Effect.contextWith((context: Context.Context<never>) =>
    isolated(mcpEndpointLayer(Context.get(context as Context.Context<InputLimits>, InputLimits)), [
      BearerTokens,
      Organizations,
      Spaces,
      Content,
      ChangeRequests,
      Comments,
      Search
    ])
  )
)
