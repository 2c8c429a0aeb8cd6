import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, joinWithRole, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { type DocumentServer, processedSpec, processedVersion, startDocumentServer } from "./support/openapi.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * OpenAPI specifications end to end through the official client, every answer validated against
 * the official spec: sources from text and from a loopback document server (reached because
 * `QUIRE_FETCH_ALLOW` names 127.0.0.1), processing by the server's job runner, versions and
 * their ETags, broken documents, and who may do what. ada administers Acme; cy creates, ed edits,
 * rita reads, gus is a guest; eve is outside.
 */
let server: RunningServer
let documents: DocumentServer
let ada: Principal
let cy: Principal
let ed: Principal
let rita: Principal
let gus: Principal
let eve: Principal
let acme: string

const json31 = (title: string, extra: object = {}) =>
  JSON.stringify({ openapi: "3.1.0", info: { title, version: "1.0.0" }, paths: {}, ...extra })
const yaml30 = (title: string, ref = "") =>
  `openapi: 3.0.3\ninfo:\n  title: ${title}\n  version: "1"\npaths: {}\n${ref}`
const swagger20 = (title: string) => `swagger: "2.0"\ninfo:\n  title: ${title}\n  version: "1"\npaths: {}\n`

beforeAll(async () => {
  documents = await startDocumentServer()
  server = await startServer({ env: { QUIRE_FETCH_ALLOW: "127.0.0.1" } })
  ;[ada, cy, ed, rita, gus] = await makeUsers(server, "acme.test", ["Ada", "Cy", "Ed", "Rita", "Gus"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  await joinWithRole(ada, acme, cy, MemberRole.Create)
  await joinWithRole(ada, acme, ed, MemberRole.Edit)
  await joinWithRole(ada, acme, rita, MemberRole.Read)
  await joinWithRole(ada, acme, gus, null as unknown as MemberRole)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await documents?.close()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("a spec from a URL, its versions and content", () => {
  it("is created pending, processed by the job into a version with its $refs, and read by any member", async () => {
    documents.documents.set("/pets/openapi.yaml", yaml30("Pets", "components:\n  schemas:\n    Pet:\n      $ref: './pet.json#/Pet'\n"))
    documents.documents.set("/pets/pet.json", JSON.stringify({ Pet: { type: "object", properties: { name: { type: "string" } } } }))
    const created = await cy.api.orgs.createOpenApiSpec(acme, { slug: "pets", source: { url: `${documents.url}/pets/openapi.yaml` } })
    expect(created.status).toBe(201)
    expect(created.headers.get("location")).toBe(created.data.urls.location)
    expect(created.data).toMatchObject({
      object: "openapi-spec",
      slug: "pets",
      sourceURL: `${documents.url}/pets/openapi.yaml`,
      processingState: "pending",
      visibility: "private",
      permissions: { view: true, edit: true }
    })
    const spec = await processedSpec(rita.api, acme, "pets")
    expect(spec).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), permissions: { view: true, edit: false } })
    expect(spec.lastProcessErrorCode).toBeUndefined()

    const latest = (await gus.api.orgs.getLatestOpenApiSpecVersion(acme, "pets")).data
    expect(latest).toMatchObject({ object: "openapi-spec-version", id: spec.lastVersion, url: `${documents.url}/pets/openapi.yaml` })
    const content = (await rita.api.orgs.getLatestOpenApiSpecVersionContent(acme, "pets")).data
    expect(content.filesystem).toEqual({
      "openapi.yaml": expect.objectContaining({ openapi: "3.0.3" }),
      "./pet.json": { Pet: { type: "object", properties: { name: { type: "string" } } } }
    })
    expect(content.urls).toEqual({ source: `${documents.url}/pets/openapi.yaml`, public: null })
    const raw = (await rita.api.orgs.getLatestOpenApiSpecVersionContentRaw(acme, "pets")).data
    expect(raw).toEqual({ text: documents.documents.get("/pets/openapi.yaml"), format: "yaml" })
    expect((await rita.api.orgs.getOpenApiSpecVersionById(acme, "pets", spec.lastVersion!)).data).toEqual(latest)
    expect((await rita.api.orgs.getOpenApiSpecVersionContentById(acme, "pets", spec.lastVersion!)).data).toEqual(content)
    expect((await rita.api.orgs.listOpenApiSpecs(acme)).data.items.map((s) => s.slug)).toContain("pets")
  })

  it("PUT with unchanged content makes no version; changed content makes one, newest first; the old one stays", async () => {
    const first = (await processedSpec(ada.api, acme, "pets")).lastVersion!
    const again = await ada.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, "pets", { source: { url: `${documents.url}/pets/openapi.yaml` } })
    expect(again.status).toBe(200)
    expect((await processedSpec(ada.api, acme, "pets")).lastVersion).toBe(first)
    documents.documents.set("/pets/openapi.yaml", yaml30("Pets v2", "components:\n  schemas:\n    Pet:\n      $ref: './pet.json#/Pet'\n"))
    await ada.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, "pets", { source: { url: `${documents.url}/pets/openapi.yaml` } })
    const second = (await processedSpec(ada.api, acme, "pets")).lastVersion!
    expect(second).not.toBe(first)
    const versions = (await rita.api.orgs.listOpenApiSpecVersions(acme, "pets")).data
    expect(versions.items.map((v) => v.id)).toEqual([second, first])
    expect((await rita.api.orgs.getLatestOpenApiSpecVersionContentRaw(acme, "pets")).data.text).toContain("Pets v2")
    const old = (await rita.api.orgs.getOpenApiSpecVersionContentById(acme, "pets", first)).data
    expect(((old.filesystem as Record<string, unknown>)["openapi.yaml"] as { info: { title: string } }).info.title).toBe("Pets")
  })

  it("a version answers with an ETag: a version by id is immutable, latest revalidated; If-None-Match answers 304", async () => {
    const version = (await processedSpec(ada.api, acme, "pets")).lastVersion!
    const byId = await rawCall(server.url, rita.token, "GET", `/orgs/${acme}/openapi/pets/versions/${version}/content`)
    const latest = await rawCall(server.url, rita.token, "GET", `/orgs/${acme}/openapi/pets/versions/latest/content`)
    const etag = byId.headers.get("etag")!
    expect(etag).toMatch(/^"/)
    expect(byId.headers.get("cache-control")).toContain("immutable")
    expect(latest.headers.get("etag")).toBe(etag)
    expect(latest.headers.get("cache-control")).toContain("no-cache")
    const again = await fetch(`${server.url}/v1/orgs/${acme}/openapi/pets/versions/${version}/content`, {
      headers: { authorization: `Bearer ${rita.token}`, "if-none-match": etag }
    })
    expect(again.status).toBe(304)
    const raw = await rawCall(server.url, rita.token, "GET", `/orgs/${acme}/openapi/pets/versions/latest/content/raw`)
    expect(raw.headers.get("etag")).not.toBe(etag)
  })

  it("a public spec's content names its source URL as public", async () => {
    const updated = await ada.api.orgs.updateOpenApiSpecBySlug(acme, "pets", { visibility: "public" } as any)
    expect(updated.data.visibility).toBe("public")
    expect((await rita.api.orgs.getLatestOpenApiSpecVersionContent(acme, "pets")).data.urls.public).toBe(`${documents.url}/pets/openapi.yaml`)
  })
})

describe("sources as text in every format", () => {
  it("Swagger 2.0 (YAML), OpenAPI 3.0 (YAML) and 3.1 (JSON) each process; PUT creates with 201", async () => {
    for (const [slug, text, format] of [
      ["swagger", swagger20("Old"), "yaml"],
      ["three-oh", yaml30("Three"), "yaml"],
      ["three-one", json31("Three one"), "json"]
    ] as const) {
      const put = await cy.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, slug, { source: { text } })
      expect(put.status).toBe(201)
      const spec = await processedSpec(cy.api, acme, slug)
      expect([slug, spec.lastProcessErrorCode, spec.lastVersion === undefined]).toEqual([slug, undefined, false])
      expect((await cy.api.orgs.getLatestOpenApiSpecVersionContentRaw(acme, slug)).data).toEqual({ text, format })
    }
  })
})

describe("broken documents and refused fetches", () => {
  it("an invalid document fails with PARSE_ERROR and keeps the last good version readable", async () => {
    await ada.api.orgs.createOpenApiSpec(acme, { slug: "fragile", source: { text: json31("Good") } })
    const good = await processedVersion(ada.api, acme, "fragile")
    for (const broken of ["{ nope: [", json31("No paths", { paths: 7 }), json31("Cycle", { components: { schemas: { A: { $ref: "#/components/schemas/A" } } } })]) {
      await ada.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, "fragile", { source: { text: broken } })
      const spec = await processedSpec(ada.api, acme, "fragile")
      expect([spec.lastProcessErrorCode, spec.lastVersion]).toEqual(["PARSE_ERROR", good])
      expect(spec.lastProcessedErrorCount).toBeGreaterThan(0)
    }
    expect((await rita.api.orgs.listOpenApiSpecVersions(acme, "fragile")).data.items.map((v) => v.id)).toEqual([good])
    expect((await rita.api.orgs.getLatestOpenApiSpecVersionContentRaw(acme, "fragile")).data.text).toBe(json31("Good"))
  })

  it("a $ref to a private address, a missing URL and a document over 10 MB fail with FETCH_ERROR and no version", async () => {
    documents.documents.set("/big.json", " ".repeat(10 * 1024 * 1024) + json31("Big"))
    for (const [slug, source] of [
      ["private-ref", { text: json31("P", { components: { schemas: { A: { $ref: "http://10.1.2.3/a.json#/A" } } } }) }],
      ["missing", { url: `${documents.url}/nothing.yaml` }],
      ["too-big", { url: `${documents.url}/big.json` }]
    ] as const) {
      await ada.api.orgs.createOpenApiSpec(acme, { slug, source })
      const spec = await processedSpec(ada.api, acme, slug)
      expect([slug, spec.lastProcessErrorCode, spec.lastVersion]).toEqual([slug, "FETCH_ERROR", undefined])
      await expectFailure(ada.api.orgs.getLatestOpenApiSpecVersion(acme, slug), 404)
    }
  })

  it("bad input answers 400 naming the field, and writes nothing", async () => {
    const before = (await ada.api.orgs.listOpenApiSpecs(acme)).data.count
    await expectFailure(ada.api.orgs.createOpenApiSpec(acme, { slug: "Upper-Case", source: { text: json31("A") } }), 400, /slug/)
    await expectFailure(ada.api.orgs.createOpenApiSpec(acme, { slug: "pets", source: { text: json31("A") } }), 400, /slug/)
    await expectFailure(ada.api.orgs.createOpenApiSpec(acme, { slug: "ok", source: { url: "ftp://x.test/a" } } as any), 400, /source/)
    await expectFailure(ada.api.orgs.createOpenApiSpec(acme, { slug: "ok", source: { text: "" } }), 400, /source/)
    await expectFailure(ada.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, "Not_A_Slug", { source: { text: json31("A") } }), 400, /slug/)
    await expectFailure(ada.api.orgs.updateOpenApiSpecBySlug(acme, "pets", { visibility: "everyone" } as any), 400, /visibility/)
    expect((await ada.api.orgs.listOpenApiSpecs(acme)).data.count).toBe(before)
  })
})

describe("who may do what", () => {
  it("editors, readers and guests read but may not write (403 naming the action); outsiders get 404", async () => {
    for (const who of [ed, rita, gus]) {
      expect((await who.api.orgs.getOpenApiSpecBySlug(acme, "pets")).data.permissions).toEqual({ view: true, edit: false })
      await expectFailure(who.api.orgs.createOpenApiSpec(acme, { slug: "nope", source: { text: json31("N") } }), 403, /OpenAPI/)
      await expectFailure(who.api.orgs.createOrUpdateOpenApiSpecBySlug(acme, "pets", { source: { text: json31("N") } }), 403, /OpenAPI/)
      await expectFailure(who.api.orgs.updateOpenApiSpecBySlug(acme, "pets", { visibility: "private" } as any), 403, /OpenAPI/)
      await expectFailure(who.api.orgs.deleteOpenApiSpecBySlug(acme, "pets"), 403, /OpenAPI/)
    }
    await expectFailure(eve.api.orgs.getOpenApiSpecBySlug(acme, "pets"), 404)
    await expectFailure(eve.api.orgs.listOpenApiSpecs(acme), 404)
    await expectFailure(eve.api.orgs.deleteOpenApiSpecBySlug(acme, "pets"), 404)
    expect((await ada.api.orgs.getOpenApiSpecBySlug(acme, "pets")).data.visibility).toBe("public")
  })

  it("deleting a spec answers 205, then 204; its versions are gone", async () => {
    const version = await processedVersion(ada.api, acme, "three-one")
    expect((await cy.api.orgs.deleteOpenApiSpecBySlug(acme, "three-one")).status).toBe(205)
    expect((await cy.api.orgs.deleteOpenApiSpecBySlug(acme, "three-one")).status).toBe(204)
    await expectFailure(ada.api.orgs.getOpenApiSpecBySlug(acme, "three-one"), 404)
    await expectFailure(ada.api.orgs.getOpenApiSpecVersionById(acme, "three-one", version), 404)
  })
})

it("exercised every OpenAPI operation", () => {
  expect(notExercised(operationsByArea.openapi)).toEqual([])
})
