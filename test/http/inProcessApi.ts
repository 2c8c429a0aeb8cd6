import { HttpClient, HttpClientRequest } from "@effect/platform"
import { ApiTokens, QuireCore, Users } from "@quire/core"
import { QuireHttpApi, type RateLimitOptions, RateLimits, serveQuireApi } from "@quire/http"
import { NodeServer } from "@quire/http/node"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"

/**
 * The `/v1` API served in this process on memory storage, with the core services beside it
 * and the API's own (the same instances the server uses). Built inside a test, it reads that
 * test's clock.
 */
export const inProcessApi = (limits: Partial<RateLimitOptions> = {}) =>
  serveQuireApi().pipe(
    Layer.provideMerge(QuireHttpApi),
    Layer.provideMerge(NodeServer.layerTest),
    Layer.provideMerge(QuireCore.layer({ publicUrl: "http://quire.test" })),
    Layer.provide(MemoryStorage.layer),
    Layer.provide(RateLimits.layer(limits))
  )

/** A new user and a token for it. */
export const newToken = (email: string) =>
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email, displayName: email })
    return yield* (yield* ApiTokens).issue(user.id)
  })

export interface Answer {
  readonly status: number
  readonly retryAfter: string | undefined
  readonly body: unknown
}

/** `GET /v1/user` with `token` (none when undefined), as if from `from` when given (`X-Forwarded-For`). */
export const getUser = (token: string | undefined, from?: string) =>
  Effect.gen(function* () {
    let request = HttpClientRequest.get("/v1/user")
    if (token !== undefined) request = HttpClientRequest.bearerToken(request, token)
    if (from !== undefined) request = HttpClientRequest.setHeader(request, "x-forwarded-for", `198.51.100.99, ${from}`)
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    const body = yield* response.json
    return { status: response.status, retryAfter: response.headers["retry-after"], body } satisfies Answer
  })

/** `POST /v1<path>` with a JSON or form body and no token, as if from `from` (`X-Forwarded-For`). */
export const postAnonymous = (path: string, body: { readonly json: unknown } | { readonly form: Record<string, string> }, from: string) =>
  Effect.gen(function* () {
    let request = HttpClientRequest.post(`/v1${path}`)
    request = "json" in body ? yield* HttpClientRequest.bodyJson(request, body.json) : HttpClientRequest.bodyUrlParams(request, body.form)
    request = HttpClientRequest.setHeader(request, "x-forwarded-for", `198.51.100.99, ${from}`)
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    const text = yield* response.text
    return { status: response.status, retryAfter: response.headers["retry-after"], body: text === "" ? undefined : JSON.parse(text) } satisfies Answer
  })
