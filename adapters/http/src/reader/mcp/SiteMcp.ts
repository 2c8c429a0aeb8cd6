import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema
} from "@modelcontextprotocol/sdk/types.js"
import { SiteReader, type VisitorCredentials } from "@quire/core"
import { Context, Effect, Runtime, Scope } from "effect"
import { shortMessage } from "../../errorMessage.js"
import type { InputLimitOptions } from "../../input/InputLimits.js"
import { domainErrorResponse, exchangeOnce, MCP_SERVER_VERSION, postOnly } from "../../mcp/statelessExchange.js"
import { toolError, toolFailure, toolSuccess } from "../../mcp/toolResults.js"
import type { ReaderRoute } from "../readerRoute.js"
import { credentialsOf, TOKEN_PARAM } from "../visitorCookies.js"
import type { OpenedSite } from "./sitePages.js"
import { listResources, readResource } from "./siteResources.js"
import { siteTools, siteToolsByName } from "./siteTools.js"

/** Where a published site's MCP server is, under the site's address. */
export const SITE_MCP_PATH = "~gitbook/mcp"

/** The MCP specification's code for a resource that is not there. */
const RESOURCE_NOT_FOUND = -32002

const BEARER = /^Bearer /i

/**
 * What the visitor presents, as the reader takes it (`?share=`, `?jwt_token=`, the reader's
 * cookies), and also a visitor token as `Authorization: Bearer`, which MCP clients can be
 * configured to send. A link's token wins over the header's, which wins over the cookie's.
 */
const credentialsFor = (request: HttpServerRequest.HttpServerRequest, route: ReaderRoute): VisitorCredentials => {
  const fromReader = credentialsOf(route.query, request.headers.cookie)
  const authorization = request.headers.authorization ?? ""
  const bearer = BEARER.test(authorization) ? authorization.slice(7).trim() : ""
  return { ...fromReader, visitorToken: route.query.get(TOKEN_PARAM) ?? (bearer !== "" ? bearer : fromReader.visitorToken) }
}

/** A fresh SDK `Server` for one request, reading `opened` as its visitor is shown it; effects run in `runtime`. */
const serverFor = (runtime: Runtime.Runtime<never>, opened: OpenedSite) => {
  const run = Runtime.runPromise(runtime)
  const server = new Server({ name: opened.site.site.title, version: MCP_SERVER_VERSION }, { capabilities: { tools: {}, resources: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: siteTools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: true }
    }))
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = siteToolsByName.get(request.params.name)
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `No tool named "${request.params.name.slice(0, 64)}"`)
    return run(
      tool.call(opened, request.params.arguments).pipe(
        Effect.map(toolSuccess),
        Effect.catchAll((error) => Effect.succeed(toolError(error))),
        Effect.catchAllDefect((defect) => Effect.as(Effect.logError(`Site MCP tool ${tool.name} failed`, defect), toolFailure))
      )
    )
  })
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [...(await run(listResources(opened)))] }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const read = await run(Effect.either(readResource(opened, request.params.uri)))
    if (read._tag === "Left") throw new McpError(RESOURCE_NOT_FOUND, shortMessage(read.left.message), { uri: request.params.uri.slice(0, 256) })
    return { contents: [read.right] }
  })
  return server
}

/**
 * A published site's read-only MCP server at `<site>/~gitbook/mcp`: stateless Streamable HTTP
 * with JSON answers, as `/mcp` (`exchangeOnce`), with no API token. The site is opened for the
 * visitor first, as the reader opens it: 404 when it is not published or does not admit them,
 * 401 for a `visitor-auth` site without a valid visitor token, in the API's error body.
 */
export const makeSiteMcp = (limits: InputLimitOptions) =>
  Effect.map(SiteReader, (reader) => ({
    answer: (request: HttpServerRequest.HttpServerRequest, route: ReaderRoute): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
      Effect.withFiberRuntime((fiber) => {
        if (request.method !== "POST") return Effect.succeed(postOnly(SITE_MCP_PATH))
        const scope = Context.unsafeGet(fiber.currentContext, Scope.Scope)
        return Effect.gen(function* () {
          const site = yield* reader.open(route.location, credentialsFor(request, route))
          const runtime = yield* Effect.runtime<never>()
          return yield* exchangeOnce(request, limits, scope, () => serverFor(runtime, { reader, site, base: route.base }))
        }).pipe(
          Effect.catchAll((error) => {
            const response = domainErrorResponse(error)
            return Effect.succeed(error._tag === "Unauthorized" ? HttpServerResponse.setHeader(response, "www-authenticate", "Bearer") : response)
          }),
          Effect.catchAllCause((cause) =>
            Effect.as(
              Effect.logError("The site MCP server failed", cause),
              HttpServerResponse.unsafeJson({ error: { code: 500, message: "Internal server error" } }, { status: 500 })
            )
          )
        )
      })
  }))
