import { createServer } from "node:http"
import { FetchHttpClient, HttpApiBuilder, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, layer } from "@effect/vitest"
import { ApiTokens, InvalidInput, NotFound, QuireCore, type SpaceId, Unauthorized, Users } from "@quire/core"
import { QuireHttpApi } from "@quire/http"
import { QuireClient } from "@quire/http/client"
import { MemoryStorage } from "@quire/storage-memory"
import { Effect, Layer } from "effect"
import { validateResponse } from "../e2e/support/officialSpec.js"

/** The `/v1` API listening on a port of this machine, on memory storage, with the core services beside it. */
const ServerLive = HttpApiBuilder.serve().pipe(
  Layer.provide(QuireHttpApi),
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(QuireCore.layer({ publicUrl: "http://quire.test" })),
  Layer.provide(MemoryStorage.layer)
)

/** Where the server listens. */
const baseUrl = Effect.map(HttpServer.HttpServer, ({ address }) =>
  address._tag === "TcpAddress" ? `http://${address.hostname}:${address.port}` : "http://unix.socket"
)

/** A new user and a token for it. */
const newToken = (email: string) =>
  Effect.gen(function* () {
    const user = yield* (yield* Users).create({ email, displayName: email })
    return yield* (yield* ApiTokens).issue(user.id)
  })

/** A client acting as a new user. */
const clientFor = (email: string) =>
  Effect.gen(function* () {
    return yield* QuireClient.make({ baseUrl: yield* baseUrl, token: yield* newToken(email) })
  })

describe("QuireClient", () => {
  // Real clocks: the server and the client run as they would outside a test.
  layer(Layer.merge(ServerLive, FetchHttpClient.layer), { excludeTestServices: true })("against a server", (it) => {
    it.effect("creates an organization and a space and reads the space back, typed", () =>
      Effect.gen(function* () {
        const quire = yield* clientFor("ada@client.test")
        const me = yield* quire.getAuthenticatedUser()
        expect(me).toMatchObject({ object: "user", email: "ada@client.test" })
        const organization = yield* quire.createOrganization({ urlParams: {}, payload: { title: "Acme" } })
        const created = yield* quire.createSpace({ path: { organizationId: organization.id }, payload: { title: "Handbook" } })
        const space = yield* quire.getSpaceById({ path: { spaceId: created.id }, urlParams: {} })
        const title: string = space.title
        expect(title).toBe("Handbook")
        expect(space).toMatchObject({ object: "space", id: created.id, organization: organization.id, visibility: "private" })
      })
    )

    it.effect("a refused input is InvalidInput naming its field, refused by the client or by the server", () =>
      Effect.gen(function* () {
        const quire = yield* clientFor("bob@client.test")
        const organization = yield* quire.createOrganization({ urlParams: {}, payload: { title: "Bobco" } })
        const create = (title: string) => quire.createSpace({ path: { organizationId: organization.id }, payload: { title } })
        // 51 characters: the schema refuses it before anything is sent.
        const tooLong = yield* Effect.flip(create("x".repeat(51)))
        expect(tooLong).toBeInstanceOf(InvalidInput)
        expect(tooLong).toMatchObject({ _tag: "InvalidInput", field: "title", message: expect.stringMatching(/at most 50/) })
        // A NUL passes the schema; the server refuses it, and its 400 decodes with the field.
        const nul = yield* Effect.flip(create("a\u0000b"))
        expect(nul).toBeInstanceOf(InvalidInput)
        expect(nul).toMatchObject({ _tag: "InvalidInput", field: "title", message: expect.stringMatching(/NUL/) })
        expect(yield* quire.listSpacesInOrganizationById({ path: { organizationId: organization.id }, urlParams: {} })).toMatchObject(
          { items: [] }
        )
      })
    )

    it.effect("the 400 on the wire names the field, and still matches the official spec", () =>
      Effect.gen(function* () {
        const token = yield* newToken("cy@client.test")
        const quire = yield* QuireClient.make({ baseUrl: yield* baseUrl, token })
        const organization = yield* quire.createOrganization({ urlParams: {}, payload: { title: "Cyco" } })
        const path = `/orgs/${organization.id}/spaces`
        const url = `${yield* baseUrl}/v1${path}`
        const response = yield* Effect.promise(() =>
          fetch(url, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ title: "x".repeat(51) })
          })
        )
        const body = yield* Effect.promise(() => response.json())
        expect(response.status).toBe(400)
        expect(body).toEqual({ error: { code: 400, message: expect.stringMatching(/title/), field: "title" } })
        expect(validateResponse("POST", path, 400, body)).toEqual([])
      })
    )

    it.effect("drives a change request by id and by number, its answers decoded by their schemas", () =>
      Effect.gen(function* () {
        const quire = yield* clientFor("eli@client.test")
        const organization = yield* quire.createOrganization({ urlParams: {}, payload: { title: "Elico" } })
        const space = yield* quire.createSpace({ path: { organizationId: organization.id }, payload: { title: "Docs" } })
        const spaceId = space.id
        const created = yield* quire.createChangeRequest({ path: { spaceId }, payload: { subject: "Intro" } })
        expect(created).toMatchObject({ object: "change-request", number: 1, status: "draft" })
        expect((yield* quire.getChangeRequestById({ path: { spaceId, changeRequestId: 1 } })).id).toBe(created.id)
        const update = yield* quire.updateChangeRequestContent({
          path: { spaceId, changeRequestId: created.id },
          urlParams: { compat: false },
          payload: { changes: [{ operation: "insert_page", title: "Intro", ref: "intro", document: { markdown: "Hello." } }] }
        })
        expect(update).toMatchObject({ changeRequest: { id: created.id }, changes: [{ object: "created_page", ref: "intro" }] })
        const asChangeRequest = yield* quire.updateChangeRequestContent({
          path: { spaceId, changeRequestId: 1 },
          urlParams: {},
          payload: { changes: [{ operation: "insert_page", title: "More", document: { markdown: "More." } }] }
        })
        expect(asChangeRequest).toMatchObject({ object: "change-request", id: created.id })
        const conflicts = yield* quire.getChangeRequestMergeConflicts({ path: { spaceId, changeRequestId: 1 } })
        expect(conflicts).toEqual({ mergeable: true, conflicts: [] })
        const changes = yield* quire.getChangeRequestChanges({ path: { spaceId, changeRequestId: 1 }, urlParams: { limit: 1 } })
        expect(changes).toMatchObject({ changes: [{ type: "page_created", page: { title: "Intro" } }], more: 1 })
        const contributors = yield* quire.getContributorsByChangeRequestId({ path: { spaceId, changeRequestId: 1 } })
        expect(contributors).toMatchObject({ items: [{ user: { id: created.createdBy.id }, count: 2, actionType: "edit" }], count: 1 })
        const merged = yield* quire.mergeChangeRequest({ path: { spaceId, changeRequestId: created.id } })
        expect(merged.result).toBe("merge")
        const revisionChanges = yield* quire.getRevisionSemanticChanges({ path: { spaceId, revisionId: merged.revision }, urlParams: {} })
        expect(revisionChanges).toMatchObject({ mergedFrom: { id: created.id }, changes: [{ type: "page_created" }, { type: "page_created" }] })
        const listed = yield* quire.listChangeRequestsForSpace({ path: { spaceId }, urlParams: { status: "merged" } })
        expect(listed.items.map((c) => c.mergedBy?.id)).toEqual([created.createdBy.id])
      })
    )

    it.effect("an unknown space is NotFound", () =>
      Effect.gen(function* () {
        const quire = yield* clientFor("dee@client.test")
        const error = yield* Effect.flip(quire.getSpaceById({ path: { spaceId: "nosuchspace000000000" as SpaceId }, urlParams: {} }))
        expect(error).toBeInstanceOf(NotFound)
        expect(error.message).toMatch(/nosuchspace/)
      })
    )

    it.effect("a bad token is Unauthorized", () =>
      Effect.gen(function* () {
        const quire = yield* QuireClient.make({ baseUrl: yield* baseUrl, token: "quire_not-a-token" })
        const error = yield* Effect.flip(quire.getAuthenticatedUser())
        expect(error).toBeInstanceOf(Unauthorized)
        expect(error._tag).toBe("Unauthorized")
      })
    )
  })
})
