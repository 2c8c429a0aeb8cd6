import { HttpApp, HttpClient, HttpMiddleware, HttpClientRequest, HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { NodeFastLane, NodeServer } from "@quire/http/node"
import { Deferred, Effect, Fiber, Ref, Schema, Stream } from "effect"

/** `router` served on `NodeServer` (a free port) for the rest of the test's scope. */
const serve = (router: HttpRouter.HttpRouter<unknown, never>, middleware?: HttpMiddleware.HttpMiddleware) =>
  middleware === undefined ? HttpServer.serveEffect()(router) : HttpServer.serveEffect(middleware)(router)

const get = (path: string) => Effect.flatMap(HttpClient.HttpClient, (client) => client.get(path))

describe("NodeServer", () => {
  it.scoped("gives a fast lane's answers before the app, and the app everything the lane leaves", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const lane = NodeFastLane.of({
        answer: (request, response) => {
          asked.push(request.url ?? "")
          if (request.url !== "/held") return false
          response.writeHead(200, { "content-type": "text/plain" }).end("from the lane")
          return true
        }
      })
      yield* Effect.provideService(
        serve(HttpRouter.empty.pipe(HttpRouter.get("/:any", HttpServerResponse.text("from the app")))),
        NodeFastLane,
        lane
      )
      expect(yield* Effect.flatMap(get("/held"), (r) => r.text)).toBe("from the lane")
      expect(yield* Effect.flatMap(get("/other"), (r) => r.text)).toBe("from the app")
      expect(asked).toEqual(["/held", "/other"])
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("answers JSON with its status and headers", () =>
    Effect.gen(function* () {
      yield* serve(HttpRouter.empty.pipe(HttpRouter.get("/thing", HttpServerResponse.json({ ok: true }, { status: 201 }))))
      const response = yield* get("/thing")
      expect(response.status).toBe(201)
      expect(response.headers["content-type"]).toBe("application/json")
      expect(yield* response.json).toEqual({ ok: true })
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("reads a JSON request body", () =>
    Effect.gen(function* () {
      const Body = Schema.Struct({ title: Schema.String })
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.post(
            "/echo",
            Effect.flatMap(HttpServerRequest.schemaBodyJson(Body), (body) => HttpServerResponse.json({ got: body.title }))
          )
        )
      )
      const client = yield* HttpClient.HttpClient
      const response = yield* client.execute(HttpClientRequest.post("/echo").pipe(HttpClientRequest.bodyUnsafeJson({ title: "Hi" })))
      expect(yield* response.json).toEqual({ got: "Hi" })
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("answers failures: an unknown route is 404, a defect 500", () =>
    Effect.gen(function* () {
      yield* serve(HttpRouter.empty.pipe(HttpRouter.get("/boom", Effect.die(new Error("boom")))))
      expect((yield* get("/nowhere")).status).toBe(404)
      expect((yield* get("/boom")).status).toBe(500)
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("answers 500 when Node refuses to send the answer (a header value with a line break)", () =>
    Effect.gen(function* () {
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.get("/bad", Effect.succeed(HttpServerResponse.text("hi", { headers: { "x-bad": "a\nb" } })))
        )
      )
      const response = yield* get("/bad")
      expect(response.status).toBe(500)
      expect(response.headers["x-bad"]).toBeUndefined()
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("answers HEAD with the headers and no body", () =>
    Effect.gen(function* () {
      yield* serve(HttpRouter.empty.pipe(HttpRouter.all("/thing", HttpServerResponse.text("hello"))))
      const client = yield* HttpClient.HttpClient
      const response = yield* client.execute(HttpClientRequest.head("/thing"))
      expect(response.status).toBe(200)
      expect(response.headers["content-length"]).toBe("5")
      expect(yield* response.text).toBe("")
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("sends a streamed body whole, and cuts the connection when the stream fails", () =>
    Effect.gen(function* () {
      const encoder = new TextEncoder()
      const parts = Stream.make("one ", "two ", "three").pipe(Stream.map((text) => encoder.encode(text)))
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.get("/whole", HttpServerResponse.stream(parts)),
          HttpRouter.get("/broken", HttpServerResponse.stream(Stream.concat(parts, Stream.fail("disk gone"))))
        )
      )
      expect(yield* Effect.flatMap(get("/whole"), (response) => response.text)).toBe("one two three")
      const broken = yield* Effect.either(Effect.flatMap(get("/broken"), (response) => response.text))
      expect(broken._tag).toBe("Left")
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("interrupts the request's fiber when the client goes away, and closes its scope", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const interrupted = yield* Deferred.make<void>()
      const closed = yield* Deferred.make<void>()
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.get(
            "/wait",
            Effect.gen(function* () {
              yield* Effect.addFinalizer(() => Deferred.succeed(closed, undefined))
              yield* Deferred.succeed(started, undefined)
              return yield* Effect.never
            }).pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined)))
          )
        )
      )
      const request = yield* Effect.fork(get("/wait"))
      yield* Deferred.await(started)
      yield* Fiber.interrupt(request)
      yield* Deferred.await(interrupted)
      yield* Deferred.await(closed)
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("closes the request's scope once the answer is sent", () =>
    Effect.gen(function* () {
      const closed = yield* Deferred.make<void>()
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.get(
            "/scoped",
            Effect.as(
              Effect.addFinalizer(() => Deferred.succeed(closed, undefined)),
              HttpServerResponse.text("done")
            )
          )
        )
      )
      expect(yield* Effect.flatMap(get("/scoped"), (response) => response.text)).toBe("done")
      yield* Deferred.await(closed)
    }).pipe(Effect.provide(NodeServer.layerTest))
  )

  it.scoped("runs pre-response handlers, sends cookies, and lets middleware see the answer", () =>
    Effect.gen(function* () {
      const seen = yield* Ref.make<number | undefined>(undefined)
      yield* serve(
        HttpRouter.empty.pipe(
          HttpRouter.get(
            "/thing",
            Effect.zipRight(
              HttpApp.appendPreResponseHandler((_request, response) =>
                Effect.succeed(HttpServerResponse.setHeader(response, "x-pre", "yes"))
              ),
              Effect.orDie(HttpServerResponse.text("hi").pipe(HttpServerResponse.setCookie("session", "abc")))
            )
          )
        ),
        HttpMiddleware.make((app) => Effect.tap(app, (response) => Ref.set(seen, response.status)))
      )
      const response = yield* get("/thing")
      expect(response.headers["x-pre"]).toBe("yes")
      expect(response.cookies.toJSON()).toMatchObject({ cookies: { session: { value: "abc" } } })
      expect(yield* Ref.get(seen)).toBe(200)
    }).pipe(Effect.provide(NodeServer.layerTest))
  )
})
