import {
  HttpApiBuilder,
  type HttpApi,
  type HttpApp,
  type HttpRouter,
  HttpServer,
  HttpServerRequest
} from "@effect/platform"
import { Context, Effect, Layer, Option, type Scope } from "effect"
import { MCP_PATH, McpEndpoint } from "../mcp/McpEndpoint.js"
import { NodeFastLane } from "../node/NodeFastLane.js"
import { SiteReaderEndpoint } from "../reader/SiteReaderEndpoint.js"
import { HotReads } from "./HotReads.js"

/** `/mcp`, with or without a query. */
const isMcpPath = (url: string) => url.startsWith(MCP_PATH) && (url.length === MCP_PATH.length || url[MCP_PATH.length] === "?")

/**
 * `HttpApiBuilder.serve(middleware)` for `QuireHttpApi`, with `HotReads` in front of the API:
 * a hot read it answers goes through the API's own middleware (`HttpApiBuilder.middleware`,
 * which sees a success) and out; every other request goes to the API as it came. Serve the
 * API with this instead of `HttpApiBuilder.serve` to have them (the API is the same without).
 * The organization's MCP server (`McpEndpoint`) answers at `/mcp`, and published sites
 * (`SiteReaderEndpoint`) at theirs, before the API. Without a `middleware`, the reader's held
 * answers are given by `NodeServer` before any Effect runs (`NodeFastLane`).
 * Like `HttpApiBuilder.serve`, it passes an absent `middleware` on to `HttpServer.serve` as it is.
 */
export const serveQuireApi = <R = never>(
  middleware?: (httpApp: HttpApp.Default) => HttpApp.Default<never, R>
): Layer.Layer<
  never,
  never,
  | HttpServer.HttpServer
  | HttpRouter.HttpRouter.DefaultServices
  | Exclude<R, Scope.Scope | HttpServerRequest.HttpServerRequest>
  | HttpApi.Api
  | HotReads
  | McpEndpoint
  | SiteReaderEndpoint
> =>
  Effect.gen(function* () {
    const api = yield* HttpApiBuilder.httpApp
    const apiMiddleware = yield* (yield* HttpApiBuilder.Middleware).retrieve
    const hot = yield* HotReads
    const mcp = yield* McpEndpoint
    const reader = yield* SiteReaderEndpoint
    const app: HttpApp.Default<never, HttpRouter.HttpRouter.DefaultServices> = Effect.withFiberRuntime((fiber) => {
      const request = Context.unsafeGet(fiber.currentContext, HttpServerRequest.HttpServerRequest)
      if (isMcpPath(request.url)) return mcp.app
      const read = reader.answer(request)
      if (read !== undefined) return read
      const answer = hot.answer(request)
      if (answer === undefined) return api
      // The API's middleware only ever sees successes here; should one fail, the API answers afresh.
      return Effect.flatMap(answer, (response) =>
        Option.isNone(response) ? api : Effect.catchAllCause(apiMiddleware(Effect.succeed(response.value)), () => api)
      )
    })
    const served = HttpServer.serve(app as HttpApp.Default, middleware as (httpApp: HttpApp.Default) => HttpApp.Default<never, R>)
    // The reader's held answers go out before any Effect runs; with a middleware, they would skip it.
    return (middleware === undefined ? Layer.provide(served, Layer.succeed(NodeFastLane, reader.fastLane)) : served) as Layer.Layer<
      never,
      never,
      HttpServer.HttpServer | HttpRouter.HttpRouter.DefaultServices | Exclude<R, Scope.Scope | HttpServerRequest.HttpServerRequest>
    >
  }).pipe(Layer.unwrapEffect, Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]))
