import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { ExportLinks } from "@quire/http"
import { Effect, Layer, TestClock } from "effect"
import { inProcessApi, newToken } from "./inProcessApi.js"

/** A call with a bearer token, its JSON body (or its bytes, as latin1 text, for a PDF). */
const call = (token: string | undefined, method: "GET" | "POST", path: string, body?: unknown) =>
  Effect.gen(function* () {
    let request = method === "GET" ? HttpClientRequest.get(path) : HttpClientRequest.post(path)
    if (token !== undefined) request = HttpClientRequest.bearerToken(request, token)
    if (body !== undefined) request = yield* HttpClientRequest.bodyJson(request, body)
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    const contentType = response.headers["content-type"] ?? ""
    const data: any = contentType.startsWith("application/json") ? yield* response.json : Buffer.from(yield* response.arrayBuffer).toString("latin1")
    return { status: response.status, contentType, data }
  })

/** ada's space, and a URL of its PDF made now. */
const spacePdfUrl = Effect.gen(function* () {
  const token = yield* newToken("ada@example.com")
  const org = (yield* call(token, "POST", "/v1/orgs", { title: "Acme" })).data.id as string
  const space = (yield* call(token, "POST", `/v1/orgs/${org}/spaces`, { title: "Handbook" })).data.id as string
  const answer = yield* call(token, "GET", `/v1/spaces/${space}/pdf`)
  expect(answer.status).toBe(200)
  const url = new URL(answer.data.url as string)
  expect(url.origin).toBe("http://quire.test")
  return `${url.pathname}${url.search}`
})

describe("PDF URLs expire, by the server's clock", () => {
  it.scoped("a URL works for an hour, then is 404", () =>
    Effect.gen(function* () {
      const url = yield* spacePdfUrl
      yield* TestClock.adjust("59 minutes")
      const fresh = yield* call(undefined, "GET", url)
      expect(fresh.status).toBe(200)
      expect(fresh.contentType).toBe("application/pdf")
      expect(String(fresh.data).startsWith("%PDF-")).toBe(true)
      yield* TestClock.adjust("1 minute")
      const expired = yield* call(undefined, "GET", url)
      expect(expired).toMatchObject({ status: 404, data: { error: { code: 404, message: expect.any(String) } } })
    }).pipe(Effect.provide(inProcessApi()))
  )

  it.scoped("ExportLinks sets the lifetime", () =>
    Effect.gen(function* () {
      const url = yield* spacePdfUrl
      expect((yield* call(undefined, "GET", url)).status).toBe(200)
      yield* TestClock.adjust("10 seconds")
      expect((yield* call(undefined, "GET", url)).status).toBe(404)
    }).pipe(
      Effect.provide(inProcessApi().pipe(Layer.provide(ExportLinks.layer({ signingKey: "k".repeat(32), ttlMillis: 10_000 }))))
    )
  )

  it("ExportLinks refuses a key shorter than 32 bytes", () => {
    expect(() => ExportLinks.layer({ signingKey: "short" })).toThrow(/32 bytes/)
  })
})
