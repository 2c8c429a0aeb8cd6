import { type HttpApp, HttpServerRequest } from "@effect/platform"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js"
import { Actor, ChangeRequests, Comments, Content, Organizations, Search, Spaces, type UserRecord } from "@quire/core"
import { Context, Effect, Layer, Runtime, Scope } from "effect"
import { BearerTokens } from "../Authentication.js"
import { type InputLimitOptions, InputLimits } from "../input/InputLimits.js"
import { isolated } from "../isolated.js"
import { domainErrorResponse, exchangeOnce, MCP_SERVER_VERSION, postOnly } from "./statelessExchange.js"
import { toolError, toolFailure, toolSuccess } from "./toolResults.js"
import { type ToolServices, tools, toolsByName } from "./tools.js"

/** Where the organization's MCP server is served, under the public URL. */
export const MCP_PATH = "/mcp"

const SERVER_INFO = { name: "quire", version: MCP_SERVER_VERSION }

/** The organization's MCP server as an `HttpApp` (see `McpEndpointLive`); `serveQuireApi` mounts it at `MCP_PATH`. */
export class McpEndpoint extends Context.Tag("@quire/http/McpEndpoint")<McpEndpoint, { readonly app: HttpApp.Default }>() {}

const BEARER = /^Bearer /i

const methodNotAllowed = postOnly(MCP_PATH)

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
    const answer = (request: HttpServerRequest.HttpServerRequest, scope: Scope.Scope) => {
      const authorization = request.headers.authorization ?? ""
      return tokens.admit(BEARER.test(authorization) ? authorization.slice(7).trim() : "").pipe(
        Effect.flatMap((user) => exchangeOnce(request, limits, scope, () => serverFor(runtime, user))),
        Effect.catchAll((error) => Effect.succeed(domainErrorResponse(error)))
      )
    }

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
