import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, ParseResult, Schema } from "effect"
import { firstIssueMessage } from "../../adapters/http/src/unionIssue.js"
import { inProcessApi, newToken } from "./inProcessApi.js"

/** The issues Effect lists for `input` against `schema`, as `HttpApiDecodeError` carries them. */
const issuesOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema)(input)
  if (Either.isRight(result)) throw new Error("expected a failure")
  return ParseResult.ArrayFormatter.formatErrorSync(result.left)
}

describe("firstIssueMessage", () => {
  const Query = Schema.Struct({
    order: Schema.optional(Schema.Literal("asc", "desc")),
    limit: Schema.optional(Schema.NumberFromString),
    name: Schema.String
  })

  it("names every choice of a literal union the value missed, without the undefined of an optional field", () => {
    expect(firstIssueMessage(issuesOf(Query, { order: "sideways", name: "n" }))).toBe(
      'Expected "asc" or "desc", actual "sideways"'
    )
  })

  it("leaves a single issue, and issues of other kinds, as Effect says them", () => {
    expect(firstIssueMessage(issuesOf(Query, { order: "asc" }))).toBe("is missing")
    expect(firstIssueMessage(issuesOf(Schema.Struct({ name: Schema.String }), { name: 1 }))).toBe("Expected string, actual 1")
    expect(firstIssueMessage([])).toBe("")
  })
})

describe("a refused query parameter", () => {
  it.scoped("is answered 400 naming the field and every value it takes", () =>
    Effect.gen(function* () {
      const token = yield* newToken("ada@example.com")
      const client = yield* HttpClient.HttpClient
      const organization = yield* client
        .execute(HttpClientRequest.post("/v1/orgs").pipe(HttpClientRequest.bearerToken(token), HttpClientRequest.bodyUnsafeJson({ title: "Acme" })))
        .pipe(Effect.flatMap((response) => response.json))
      const response = yield* client.execute(
        HttpClientRequest.get(`/v1/orgs/${(organization as { id: string }).id}/members?order=sideways`).pipe(HttpClientRequest.bearerToken(token))
      )
      expect(response.status).toBe(400)
      expect(yield* response.json).toEqual({
        error: { code: 400, message: 'Invalid value for "order": Expected "asc" or "desc", actual "sideways"', field: "order" }
      })
    }).pipe(Effect.provide(inProcessApi()))
  )
})
