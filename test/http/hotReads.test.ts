import { HttpClient, HttpClientRequest, HttpServerRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import {
  Actor,
  ContentEngine,
  Organizations,
  type RevisionId,
  type SpaceId,
  Content,
  Spaces,
  Users
} from "@quire/core"
import { HotReads } from "@quire/http"
import { Effect, Option, Runtime } from "effect"
import fc from "fast-check"
import { inProcessApi, newToken } from "./inProcessApi.js"

/**
 * `HotReads` answers plain successful page and space reads without the API's router. These tests hold it
 * to the API's own answers: the same request, once in the form it takes and once in a form only
 * the API takes (an extra query parameter whose value is %-escaped, which the page read ignores),
 * must get the same status, headers and body, whoever asks, whatever they ask.
 */

const PAGES = [
  { id: "intro", title: "Intro", markdown: "# Intro\n\nHello *world*." },
  { id: "guides", type: "group" as const, title: "Guides", slug: "guides" },
  { id: "install", title: "Install", parent: "guides", markdown: "Run `quire serve`." }
]

/** Ada owns a space with `PAGES` and another, empty one; Bob is no member of either. */
const world = Effect.gen(function* () {
  const adaToken = yield* newToken("ada@example.com")
  const bobToken = yield* newToken("bob@example.com")
  const ada = (yield* (yield* Users).findByEmail("ada@example.com")).pipe(Option.getOrThrow)
  const asAda = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.provideService(self, Actor, ada)
  const organization = yield* asAda((yield* Organizations).create({ title: "Acme" }))
  const spaces = yield* Spaces
  const space = yield* asAda(spaces.create(organization.id, { title: "Handbook" }))
  const empty = yield* asAda(spaces.create(organization.id, { title: "Empty" }))
  const { revision } = yield* asAda((yield* ContentEngine).importPages(PAGES, { spaceId: space.id as SpaceId }))
  yield* asAda((yield* Content).merge(space.id as SpaceId, { revision: revision.id as RevisionId }))
  return { adaToken, bobToken, spaceId: space.id, emptyId: empty.id, organizationId: organization.id }
})

interface Answer {
  readonly status: number
  readonly headers: Record<string, string | undefined>
  readonly body: string
}

const get = (url: string, headers: Record<string, string>) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(HttpClientRequest.get(url).pipe(HttpClientRequest.setHeaders(headers)))
    const pick = (name: string) => response.headers[name]
    return {
      status: response.status,
      headers: {
        etag: pick("etag"),
        "cache-control": pick("cache-control"),
        "content-type": pick("content-type"),
        "retry-after": pick("retry-after")
      },
      body: yield* response.text
    } satisfies Answer
  })

/** The same read in a form `HotReads` leaves to the API: `%`-escapes are the router's to decode. */
const apiOnly = (url: string) => `${url}${url.includes("?") ? "&" : "?"}unused=%2E`

describe("HotReads", () => {
  it.scoped("answers every page and space read exactly as the API does", () =>
    Effect.gen(function* () {
      const { adaToken, bobToken, spaceId, emptyId } = yield* world
      const runtime = yield* Effect.runtime<HttpClient.HttpClient>()
      const etag = (yield* get(`/v1/spaces/${spaceId}/content/page/intro`, { authorization: `Bearer ${adaToken}` })).headers.etag!
      // Mostly what a client sends (so that most reads succeed, which is what HotReads answers), else anything.
      const mostly = <A>(usual: ReadonlyArray<A>, other: ReadonlyArray<A>) =>
        fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 4 }, { arbitrary: fc.constantFrom(...other), weight: 1 })
      const request = fc.record({
        authorization: mostly(
          [`Bearer ${adaToken}`],
          [`Bearer ${bobToken}`, "Bearer quire_neverIssued", "Bearer ", `bearer ${adaToken}`, undefined]
        ),
        space: mostly([spaceId], [emptyId, "nosuchspace", `${spaceId}x`, "in%74ro"]),
        // A page of the space (getPageById), or the space itself (getSpaceById).
        page: mostly(
          ["/content/page/intro", "/content/page/install", ""],
          ["/content/page/guides", "/content/page/missing", "/content/page/in%74ro", "/content/page/intro.md"]
        ),
        query: mostly(
          ["", "?format=markdown", "?computed=false&format=markdown"],
          [
            "?format=document",
            "?format=xml",
            "?format=markdown&format=markdown",
            "?metadata=true",
            "?metadata=maybe",
            "?other=1",
            "?shareKey=k1",
            "?constructor=1",
            "?__proto__=1&format=markdown"
          ]
        ),
        ifNoneMatch: mostly([undefined, etag], [`W/${etag}`, "*", '"other"', "garbage"])
      })
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(request, (r) =>
            Runtime.runPromise(runtime)(
              Effect.gen(function* () {
                const headers: Record<string, string> = {}
                if (r.authorization !== undefined) headers.authorization = r.authorization
                if (r.ifNoneMatch !== undefined) headers["if-none-match"] = r.ifNoneMatch
                const url = `/v1/spaces/${r.space}${r.page}${r.query}`
                const viaApi = yield* get(apiOnly(url), headers)
                const asIs = yield* get(url, headers)
                expect(asIs, url).toEqual(viaApi)
              })
            )
          ),
          { numRuns: 200, seed: 20261124 }
        )
      )
    }).pipe(Effect.provide(inProcessApi({ requestsPerToken: 0 })))
  )

  it.scoped("answers every search exactly as the API does, typed text included", () =>
    Effect.gen(function* () {
      const { adaToken, bobToken, spaceId, emptyId, organizationId } = yield* world
      const runtime = yield* Effect.runtime<HttpClient.HttpClient>()
      const mostly = <A>(usual: ReadonlyArray<A>, other: ReadonlyArray<A>) =>
        fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 4 }, { arbitrary: fc.constantFrom(...other), weight: 1 })
      const request = fc.record({
        authorization: mostly([`Bearer ${adaToken}`], [`Bearer ${bobToken}`, "Bearer quire_neverIssued", undefined]),
        scope: mostly(
          [`/v1/spaces/${spaceId}/search`, `/v1/orgs/${organizationId}/search`],
          [`/v1/spaces/${emptyId}/search`, "/v1/spaces/nosuchspace/search", "/v1/orgs/nosuchorg/search"]
        ),
        query: mostly(
          ["?query=hello", "?query=Hello+world", "?query=%22hello%20world%22", "?query=serve&limit=1", "?query=quire", "?query=caf%C3%A9", "?query=%E6%9D%B1%E4%BA%AC"],
          [
            "",
            "?query=",
            "?query=%FF",
            "?query=%",
            "?query=*",
            "?query=NEAR(a)",
            "?query=a&query=b",
            "?query=hello&limit=0",
            "?query=hello&limit=x",
            "?query=hello&page=bogus",
            `?query=${"a".repeat(513)}`,
            "?query=hello&__proto__=1"
          ]
        )
      })
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(request, (r) =>
            Runtime.runPromise(runtime)(
              Effect.gen(function* () {
                const headers: Record<string, string> = {}
                if (r.authorization !== undefined) headers.authorization = r.authorization
                const url = `${r.scope}${r.query}`
                // A key given twice is the API's alone.
                const viaApi = yield* get(`${url}${url.includes("?") ? "&" : "?"}unused=1&unused=2`, headers)
                const asIs = yield* get(url, headers)
                expect(asIs, url).toEqual(viaApi)
              })
            )
          ),
          { numRuns: 150, seed: 20261127 }
        )
      )
    }).pipe(Effect.provide(inProcessApi({ requestsPerToken: 0 })))
  )

  it.scoped("answers a plain successful read itself, and leaves everything else to the API", () =>
    Effect.gen(function* () {
      const { adaToken, bobToken, spaceId } = yield* world
      const hot = yield* HotReads
      const answer = (url: string, authorization = `Bearer ${adaToken}`, method = "GET") =>
        hot.answer(HttpServerRequest.fromWeb(new Request(`http://quire.test${url}`, { method, headers: { authorization } })))
      const page = `/v1/spaces/${spaceId}/content/page/intro`

      const served = yield* answer(`${page}?format=markdown`)!
      expect(Option.map(served, (response) => response.status)).toEqual(Option.some(200))
      expect(Option.isSome(yield* answer(page)!)).toBe(true)
      // Recognised, but not a success: the API answers (404, 400, 401, 403 for a stranger).
      expect(yield* answer(`/v1/spaces/${spaceId}/content/page/missing`)!).toEqual(Option.none())
      expect(yield* answer(`${page}?format=document`)!).toEqual(Option.none())
      expect(yield* answer(page, "Bearer quire_neverIssued")!).toEqual(Option.none())
      expect(yield* answer(page, `Bearer ${bobToken}`)!).toEqual(Option.none())
      // Not recognised at all.
      expect(answer(page, `bearer ${adaToken}`)).toBeUndefined()
      expect(answer(page, `Bearer ${adaToken}`, "HEAD")).toBeUndefined()
      expect(answer(`/v1/spaces/${spaceId}/content/page/in%74ro`)).toBeUndefined()
      expect(answer(`${page}?format=markdown&format=markdown`)).toBeUndefined()
      expect(answer(`/v1/spaces/${spaceId}/content/pages`)).toBeUndefined()
      // A query text's decoding is remembered: asked again, each answers as it did the first time.
      expect(Option.map(yield* answer(`${page}?format=markdown`)!, (response) => response.status)).toEqual(Option.some(200))
      expect(yield* answer(`${page}?format=document`)!).toEqual(Option.none())
      expect(answer(`${page}?format=markdown&format=markdown`)).toBeUndefined()
      // Search reads typed text: an escaped query is still its to answer; an invalid escape is not.
      const search = `/v1/spaces/${spaceId}/search`
      const found = yield* answer(`${search}?query=Hello+%2Aworld%2A`)!
      expect(Option.map(found, (response) => response.status)).toEqual(Option.some(200))
      expect(answer(`${search}?query=%FF`)).toBeUndefined()
      expect(yield* answer(`${search}?query=hello`, `Bearer ${bobToken}`)!).toEqual(Option.none())
      // The other hot read: the space itself.
      expect(Option.map(yield* answer(`/v1/spaces/${spaceId}`)!, (response) => response.status)).toEqual(Option.some(200))
      expect(yield* answer(`/v1/spaces/${spaceId}`, `Bearer ${bobToken}`)!).toEqual(Option.none())
    }).pipe(Effect.provide(inProcessApi({ requestsPerToken: 0 })))
  )

  it.scoped("counts each read once against the token's budget, whoever answers it", () =>
    Effect.gen(function* () {
      const { adaToken, spaceId } = yield* world
      const read = (page: string) =>
        Effect.map(get(`/v1/spaces/${spaceId}/content/page/${page}`, { authorization: `Bearer ${adaToken}` }), (a) => a.status)
      // The token's budget is 3 a minute; `world` used none of it (it called the services directly).
      expect(yield* read("missing")).toBe(404)
      expect(yield* read("intro")).toBe(200)
      expect(yield* read("install")).toBe(200)
      const refused = yield* get(`/v1/spaces/${spaceId}/content/page/intro`, { authorization: `Bearer ${adaToken}` })
      expect(refused.status).toBe(429)
      expect(refused.headers["retry-after"]).toBe("60")
    }).pipe(Effect.provide(inProcessApi({ requestsPerToken: 3 })))
  )
})
