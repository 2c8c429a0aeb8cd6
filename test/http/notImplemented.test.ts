import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { openApiDocument, QuireApi, unservedOperations } from "@quire/http"
import { Effect } from "effect"
import { operationsOfSpec, pinnedSpec } from "../support/officialOperationsModule.js"
import { inProcessApi, newToken } from "./inProcessApi.js"

/**
 * An official operation Quire does not serve answers 501 naming it; a path no spec knows keeps
 * the 404. What is unserved is worked out here from the pinned spec and the served OpenAPI
 * document, apart from the server's own reckoning.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

const official = operationsOfSpec(pinnedSpec().spec).map(([method, path, operationId]) => ({ method: method as Method, path, operationId }))

/** `/spaces/{spaceId}` and `/spaces/{id}` are the same route. */
const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`

const served = new Set(
  Object.entries<Record<string, unknown>>(openApiDocument("http://quire.test/v1").paths as any).flatMap(([path, item]) =>
    Object.keys(item).map((method) => shape(method.toUpperCase(), path))
  )
)

const unserved = official.filter((operation) => !served.has(shape(operation.method, operation.path)))

/** `path` with every parameter filled with a plausible id. */
const concrete = (path: string) => `/v1${path.replace(/\{[^}]+\}/g, "someId123")}`

const call = (method: Method, url: string, token?: string) =>
  Effect.gen(function* () {
    let request = HttpClientRequest.make(method)(url)
    if (token !== undefined) request = HttpClientRequest.bearerToken(request, token)
    const response = yield* (yield* HttpClient.HttpClient).execute(request)
    return { status: response.status, body: (yield* response.json) as any }
  })

describe("official operations the server does not serve", () => {
  it("are most of the official spec, and the server counts the same ones", () => {
    expect(unserved.length).toBeGreaterThan(0)
    expect(unserved.length).toBeLessThan(official.length)
    const server = unservedOperations(QuireApi).all.map((operation) => operation.operationId)
    expect([...server].sort()).toEqual(unserved.map((operation) => operation.operationId).sort())
  })

  it.scoped("each answers 501 in the official error body, naming its operation, without authentication", () =>
    Effect.gen(function* () {
      const wrong = yield* Effect.forEach(unserved, (operation) =>
        Effect.map(call(operation.method, concrete(operation.path)), (answer) => ({ operation, answer }))
      ).pipe(
        Effect.map((answers) =>
          answers.filter(
            ({ operation, answer }) =>
              answer.status !== 501 ||
              answer.body?.error?.code !== 501 ||
              answer.body.error.message !==
                `${operation.operationId} (${operation.method} /v1${operation.path}) is an operation of the GitBook API that this server does not implement`
          )
        )
      )
      expect(wrong).toEqual([])
    }).pipe(Effect.provide(inProcessApi()))
  )

  it.scoped("answer 501 with a token and a query string too", () =>
    Effect.gen(function* () {
      const token = yield* newToken("ada@example.com")
      const operation = unserved.find((candidate) => candidate.method === "GET")!
      const answer = yield* call("GET", `${concrete(operation.path)}?limit=5`, token)
      expect(answer.status).toBe(501)
      expect(answer.body.error.message).toContain(operation.operationId)
    }).pipe(Effect.provide(inProcessApi()))
  )
})

describe("paths no spec knows", () => {
  it.scoped("a misspelt path is 404 No operation", () =>
    Effect.gen(function* () {
      const token = yield* newToken("ada@example.com")
      for (const url of ["/v1/spaces/someId123/serach", "/v1/userz", "/v2/user", "/v1/spaces/someId123/search/extra"]) {
        const answer = yield* call("GET", url, token)
        expect(answer).toEqual({ status: 404, body: { error: { code: 404, message: `No operation at GET ${url}` } } })
      }
    }).pipe(Effect.provide(inProcessApi()))
  )

  it.scoped("a known path with a method the spec does not have is 404", () =>
    Effect.gen(function* () {
      const methods = new Map<string, Set<string>>()
      for (const operation of official) methods.set(operation.path, (methods.get(operation.path) ?? new Set()).add(operation.method))
      const path = unserved.map((operation) => operation.path).find((candidate) => !methods.get(candidate)!.has("PUT"))!
      const answer = yield* call("PUT", concrete(path))
      expect(answer.status).toBe(404)
      expect(answer.body.error.message).toBe(`No operation at PUT ${concrete(path)}`)
    }).pipe(Effect.provide(inProcessApi()))
  )
})

describe("served operations", () => {
  it.scoped("answer as before: GET /v1/user is 200 with a token, 401 without", () =>
    Effect.gen(function* () {
      const token = yield* newToken("ada@example.com")
      expect(served.has("GET /user")).toBe(true)
      const answer = yield* call("GET", "/v1/user", token)
      expect(answer.status).toBe(200)
      expect(answer.body.email).toBe("ada@example.com")
      expect((yield* call("GET", "/v1/user")).status).toBe(401)
    }).pipe(Effect.provide(inProcessApi()))
  )
})
