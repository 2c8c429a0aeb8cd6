import {
  HttpApp,
  type HttpMiddleware,
  HttpServer,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "@effect/platform"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { installRootFibers } from "@quire/core/rootFibers"
import { Cause, Context, Effect, Layer, Option, Runtime, Scope } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { ListenOptions } from "node:net"
import { LazyScope } from "./LazyScope.js"
import { NodeFastLane } from "./NodeFastLane.js"
import { NodeServerRequest } from "./NodeServerRequest.js"
import { writeResponse } from "./writeResponse.js"

/**
 * What `@effect/platform`'s `HttpApp.toHandled` does for a request, less what Quire's server does
 * not use: the answer (or the failure's answer) goes through the pre-response handlers and is
 * sent, then the middleware sees it; a middleware failing before anything was sent still gets an
 * answer. No per-request span is made (see `NodeServer`).
 */
const handled = <E, R>(
  request: NodeServerRequest,
  app: HttpApp.Default<E, R>,
  middleware: HttpMiddleware.HttpMiddleware | undefined
): Effect.Effect<unknown, unknown, R> => {
  const send = (response: HttpServerResponse.HttpServerResponse) =>
    Effect.flatMap(HttpApp.currentPreResponseHandlers, (handler) =>
      Option.isNone(handler)
        ? Effect.as(writeResponse(request, response), response)
        : Effect.tap(handler.value(request, response), (final) => writeResponse(request, final))
    )
  const sendFailure = (cause: Cause.Cause<unknown>) =>
    Effect.flatMap(HttpServerError.causeResponse(cause), ([response, rest]) =>
      Effect.zipRight(send(response), Cause.isEmptyType(rest) ? Effect.succeed(response) : Effect.failCause(rest))
    )
  const answered = Effect.matchCauseEffect(app, { onSuccess: send, onFailure: sendFailure })
  if (middleware === undefined) return answered as Effect.Effect<unknown, unknown, R>
  const unanswered = (response: HttpServerResponse.HttpServerResponse) =>
    request.response.headersSent ? Effect.void : writeResponse(request, response)
  return Effect.matchCauseEffect(middleware(answered as HttpApp.Default), {
    onSuccess: unanswered,
    onFailure: (cause) =>
      Effect.matchCauseEffect(HttpServerError.causeResponse(cause), {
        onSuccess: ([response]) => unanswered(response),
        onFailure: () => unanswered(HttpServerResponse.empty({ status: 500 }))
      })
  }) as Effect.Effect<unknown, unknown, R>
}

/**
 * When sending failed (Node refused a header, a stream broke) or nothing could be made of a
 * failure: a bare 500 if nothing was sent yet, else the connection is cut, so that a client
 * never waits for an answer that will not come, nor takes a short body for a whole one.
 */
const lastResort = (nodeResponse: ServerResponse) => {
  if (nodeResponse.writableEnded) return
  if (nodeResponse.headersSent) nodeResponse.destroy()
  else nodeResponse.writeHead(500, { "content-length": 0 }).end()
}

/**
 * The Node handler running `app` for each request: one fiber, forked with the request already in
 * its context, and a scope of its own (made if used: `LazyScope`), closed when the answer is sent. The fiber runs until it
 * first waits, within Node's `request` event, and an answer held in memory is written without
 * waiting for the socket (see `writeResponse`), so a request read from SQLite and answered from
 * memory never leaves that event. When the client goes away first, the fiber is interrupted.
 */
export const makeHandler = <E, R>(app: HttpApp.Default<E, R>, middleware?: HttpMiddleware.HttpMiddleware) =>
  Effect.map(
    Effect.runtime<Exclude<R, HttpServerRequest.HttpServerRequest | Scope.Scope>>(),
    (runtime) => (nodeRequest: IncomingMessage, nodeResponse: ServerResponse) => {
      const request = new NodeServerRequest(nodeRequest, nodeResponse)
      const scope = new LazyScope()
      const forRequest = Runtime.make({
        // One copy of the server's context with both added (each `Context.add` copies it).
        context: Context.unsafeMake(
          new Map(runtime.context.unsafeMap).set(HttpServerRequest.HttpServerRequest.key, request).set(Scope.Scope.key, scope)
        ),
        fiberRefs: runtime.fiberRefs,
        runtimeFlags: runtime.runtimeFlags
      })
      const program = Effect.onExit(handled(request, app, middleware) as Effect.Effect<unknown, unknown, never>, (exit) =>
        scope.close(exit)
      ).pipe(Effect.catchAllCause(() => Effect.sync(() => lastResort(nodeResponse))))
      const fiber = Runtime.runFork(forRequest)(Effect.uninterruptible(program))
      if (fiber.unsafePoll() === null) {
        nodeResponse.on("close", () => {
          if (!nodeResponse.writableEnded) fiber.unsafeInterruptAsFork(HttpServerError.clientAbortFiberId)
        })
      }
    }
  )

/**
 * An `HttpServer` on a Node `http.Server`, listening as `options` say: what
 * `NodeHttpServer.layer` gives, with a request path that costs less (measured on a route that
 * answers fixed JSON: about 60 µs of server CPU per request instead of about 90,
 * `test/bench/micro/floorVariants.ts`). It keeps Effect's root fibers in a `RootFibers`, for the
 * whole process (`Fiber.roots` answers as before): a fiber per request otherwise keeps ended
 * requests alive through the young-generation collections.
 * What it leaves out: per-request tracing spans (Quire runs with tracing off), WebSocket
 * upgrades and `FormData` answers. For those, serve the same app with `NodeHttpServer.layer`.
 */
export const make = (evaluate: () => Server, options: ListenOptions) =>
  Effect.gen(function* () {
    // A root fiber per request: let each go entirely when it ends (see `RootFibers`).
    installRootFibers()
    const server = yield* Effect.acquireRelease(Effect.sync(evaluate), (server) =>
      Effect.async<void>((resume) => {
        if (!server.listening) return resume(Effect.void)
        server.close((error) => resume(error ? Effect.die(error) : Effect.void))
      })
    )
    yield* Effect.async<void, HttpServerError.ServeError>((resume) => {
      const onError = (cause: unknown) => resume(Effect.fail(new HttpServerError.ServeError({ cause })))
      server.on("error", onError)
      server.listen(options, () => {
        server.off("error", onError)
        resume(Effect.void)
      })
    })
    const address = server.address()!
    return HttpServer.make({
      address:
        typeof address === "string"
          ? { _tag: "UnixAddress", path: address }
          : { _tag: "TcpAddress", hostname: address.address === "::" ? "0.0.0.0" : address.address, port: address.port },
      serve: (app, middleware) =>
        Effect.gen(function* () {
          const toApp = yield* makeHandler(app, middleware)
          const lane = yield* Effect.serviceOption(NodeFastLane)
          const handler = Option.isNone(lane)
            ? toApp
            : (request: IncomingMessage, response: ServerResponse) => {
                if (!lane.value.answer(request, response)) toApp(request, response)
              }
          yield* Effect.addFinalizer(() => Effect.sync(() => server.off("request", handler)))
          server.on("request", handler)
        })
    })
  })

/** `make` as a layer, with the services `NodeHttpServer.layer` also gives (platform, ETags, file system). */
export const layer = (evaluate: () => Server, options: ListenOptions) =>
  Layer.mergeAll(Layer.scoped(HttpServer.HttpServer, make(evaluate, options)), NodeHttpServer.layerContext)

/**
 * `layer` on a free port with an `HttpClient` that sends its requests there: what
 * `NodeHttpServer.layerTest` gives, on this server.
 */
export const layerTest = HttpServer.layerTestClient.pipe(
  Layer.provide(NodeHttpClient.layerWithoutAgent),
  Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: false })),
  Layer.provideMerge(layer(createServer, { port: 0 }))
)
