import { describe, expect, it } from "@effect/vitest"
import {
  type Actor,
  Events,
  FetchFailed,
  type Fetched,
  Fetcher,
  FetchRefused,
  Jobs,
  OPENAPI_DOCUMENT_MAX_BYTES,
  OPENAPI_ERROR_MESSAGE_MAX,
  openApiProcessHandler,
  type OpenApiSpecRecord,
  OpenApiSpecRepository,
  OpenApiSpecs,
  type OrganizationId,
  type UserRecord
} from "@quire/core"
import { Effect, Layer, Option } from "effect"
import { as, failure, newWorld, peopleLayer } from "../support/people.js"

/** Documents a fake `Fetcher` serves, by URL; `10.0.0.1` stands for a private address the real one refuses. */
const served = new Map<string, string>()

const fakeFetcher = Layer.succeed(Fetcher, {
  fetch: (url, options) => {
    if (new URL(url).hostname === "10.0.0.1") return Effect.fail(FetchRefused.of("the address is private"))
    if (new URL(url).hostname === "slow.test") return Effect.fail(FetchFailed.of("timeout", "timed out"))
    const body = served.get(url)
    if (body === undefined) {
      return Effect.succeed<Fetched>({ url, status: 404, contentType: "text/plain", headers: {}, body: new Uint8Array() })
    }
    const bytes = new TextEncoder().encode(body)
    if (bytes.byteLength > options.maxBytes) return Effect.fail(FetchFailed.of("tooLarge", "too large"))
    return Effect.succeed<Fetched>({ url, status: 200, contentType: "application/yaml", headers: {}, body: bytes })
  }
})

const layer = Layer.mergeAll(OpenApiSpecs.Default, Jobs.Default, fakeFetcher).pipe(Layer.provideMerge(peopleLayer))

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

const json31 = (title: string, extra: object = {}) =>
  JSON.stringify({ openapi: "3.1.0", info: { title, version: "1.0.0" }, paths: {}, ...extra })
const yaml30 = (title: string) => `openapi: 3.0.3\ninfo:\n  title: ${title}\n  version: "1"\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: OK\n`
const json20 = (title: string) => JSON.stringify({ swagger: "2.0", info: { title, version: "1" }, paths: {} })
const yaml20 = (title: string) => `swagger: "2.0"\ninfo:\n  title: ${title}\n  version: "1"\npaths: {}\n`

const record = (org: OrganizationId, slug: string) =>
  Effect.map(
    Effect.flatMap(OpenApiSpecRepository, (specs) => specs.findSpecBySlug(org, slug)),
    Option.getOrThrow
  ) as Effect.Effect<OpenApiSpecRecord, never, any>

/** Runs the spec's pending processing job, as a runner would (by default its last attempt). */
const processJob = (org: OrganizationId, slug: string, jobId?: string, attempt?: number) =>
  Effect.gen(function* () {
    const id = jobId ?? (yield* record(org, slug)).processingJobId
    const job = Option.getOrThrow(yield* (yield* Jobs).get(id as never))
    return yield* openApiProcessHandler.run(job.payload, { ...job, attempts: attempt ?? job.maxAttempts })
  })

const create = (user: UserRecord, org: OrganizationId, slug: string, source: { url: string } | { text: string }) =>
  Effect.flatMap(OpenApiSpecs, (specs) => as(user)(specs.create(org, { slug, source })))

const put = (user: UserRecord, org: OrganizationId, slug: string, source: { url: string } | { text: string }) =>
  Effect.flatMap(OpenApiSpecs, (specs) => as(user)(specs.put(org, slug, { source })))

const versionCount = (user: UserRecord, org: OrganizationId, slug: string) =>
  Effect.map(
    Effect.flatMap(OpenApiSpecs, (specs) => as(user)(specs.versions(org, slug, {}))),
    (page) => page.count
  )

describe("OpenAPI specifications", () => {
  test("a spec from text is pending, then its job makes a complete version in the official shapes", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      const created = yield* create(w.admin, w.org, "petstore", { text: json31("Pets") })
      expect(created).toEqual({
        object: "openapi-spec",
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: created.createdAt,
        slug: "petstore",
        processingState: "pending",
        visibility: "private",
        lastProcessedErrorCount: 0,
        permissions: { view: true, edit: true },
        urls: {
          location: `http://quire.test/v1/orgs/${w.org}/openapi/petstore`,
          app: `http://quire.test/o/${w.org}/openapi/petstore`
        }
      })
      expect(yield* failure(as(w.admin)(specs.version(w.org, "petstore", "latest")))).toMatchObject({ _tag: "NotFound" })
      yield* processJob(w.org, "petstore")
      const spec = yield* as(w.reader)(specs.get(w.org, "petstore"))
      expect(spec).toMatchObject({ processingState: "complete", lastVersion: expect.any(String), lastProcessedAt: expect.any(String) })
      expect(spec.lastProcessErrorCode).toBeUndefined()
      const latest = yield* as(w.reader)(specs.version(w.org, "petstore", "latest"))
      expect(latest.value).toEqual({
        object: "openapi-spec-version",
        id: spec.lastVersion,
        createdAt: expect.any(String),
        url: `http://quire.test/v1/orgs/${w.org}/openapi/petstore/versions/${spec.lastVersion}/content`,
        urls: { location: `http://quire.test/v1/orgs/${w.org}/openapi/petstore/versions/${spec.lastVersion}` }
      })
      const content = yield* as(w.reader)(specs.content(w.org, "petstore", "latest"))
      expect(content.value.filesystem).toEqual({ "openapi.json": JSON.parse(json31("Pets")) })
      expect(content.value.urls.public).toBeNull()
      expect((yield* as(w.reader)(specs.rawContent(w.org, "petstore", "latest"))).value).toEqual({ text: json31("Pets"), format: "json" })
      const events = yield* (yield* Events).readAfter(0, 1000)
      expect(events.filter((e) => e.type.startsWith("openapi_spec.")).map((e) => e.type)).toEqual([
        "openapi_spec.created",
        "openapi_spec.processed"
      ])
    }))

  test("Swagger 2.0, OpenAPI 3.0 and 3.1, in JSON and YAML, each process to a version in its format", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      const cases = [
        ["v20-json", json20("A"), "json"],
        ["v20-yaml", yaml20("B"), "yaml"],
        ["v30-yaml", yaml30("C"), "yaml"],
        ["v30-json", JSON.stringify({ openapi: "3.0.3", info: { title: "D", version: "1" }, paths: {} }), "json"],
        ["v31-json", json31("E"), "json"],
        ["v31-yaml", `openapi: 3.1.0\ninfo:\n  title: F\n  version: "1"\npaths: {}\n`, "yaml"]
      ] as const
      for (const [slug, text, format] of cases) {
        yield* create(w.creator, w.org, slug, { text })
        yield* processJob(w.org, slug)
        const spec = yield* as(w.reader)(specs.get(w.org, slug))
        expect([slug, spec.processingState, spec.lastProcessErrorCode, spec.lastVersion === undefined]).toEqual([slug, "complete", undefined, false])
        const raw = yield* as(w.reader)(specs.rawContent(w.org, slug, "latest"))
        expect(raw.value).toEqual({ text, format })
        const content = yield* as(w.reader)(specs.content(w.org, slug, "latest"))
        expect(Object.keys(content.value.filesystem)).toEqual([format === "json" ? "openapi.json" : "openapi.yaml"])
      }
    }))

  test("unchanged content makes no version; changed content makes one, the old still readable by id", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "api", { text: yaml30("One") })
      yield* processJob(w.org, "api")
      const first = (yield* as(w.admin)(specs.get(w.org, "api"))).lastVersion!
      const again = yield* put(w.admin, w.org, "api", { text: yaml30("One") })
      expect(again).toMatchObject({ created: false, spec: { processingState: "pending", lastVersion: first } })
      yield* processJob(w.org, "api")
      expect(yield* versionCount(w.admin, w.org, "api")).toBe(1)
      expect((yield* as(w.admin)(specs.get(w.org, "api"))).lastVersion).toBe(first)
      yield* put(w.admin, w.org, "api", { text: yaml30("Two") })
      yield* processJob(w.org, "api")
      const second = (yield* as(w.admin)(specs.get(w.org, "api"))).lastVersion!
      expect(second).not.toBe(first)
      const list = yield* as(w.reader)(specs.versions(w.org, "api", {}))
      expect(list.items.map((v) => v.id)).toEqual([second, first])
      const old = yield* as(w.reader)(specs.rawContent(w.org, "api", first as never))
      expect(old.value.text).toBe(yaml30("One"))
    }))

  test("a broken document fails the job with PARSE_ERROR, no version, the last good version still the latest", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "api", { text: json31("Good") })
      yield* processJob(w.org, "api")
      const good = (yield* as(w.admin)(specs.get(w.org, "api"))).lastVersion!
      for (const broken of [
        "{ not json: [ nor yaml",
        JSON.stringify({ hello: "world" }),
        JSON.stringify({ openapi: "3.1.0", paths: 3 }),
        "swagger: '2.0'\ninfo: 7\n",
        json31("Cycle", { components: { schemas: { A: { $ref: "#/components/schemas/B" }, B: { $ref: "#/components/schemas/A" } } } })
      ]) {
        yield* put(w.admin, w.org, "api", { text: broken })
        yield* processJob(w.org, "api")
        const spec = yield* as(w.admin)(specs.get(w.org, "api"))
        expect([broken, spec.processingState, spec.lastProcessErrorCode, spec.lastVersion]).toEqual([broken, "complete", "PARSE_ERROR", good])
        expect(spec.lastProcessedErrorCount).toBeGreaterThan(0)
        expect(spec.lastProcessedErrors?.length).toBeGreaterThan(0)
        expect(yield* versionCount(w.admin, w.org, "api")).toBe(1)
        expect((yield* as(w.admin)(specs.content(w.org, "api", "latest"))).value.filesystem).toEqual({ "openapi.json": JSON.parse(json31("Good")) })
      }
      yield* put(w.admin, w.org, "api", { text: json31("Good") })
      yield* processJob(w.org, "api")
      const healed = yield* as(w.admin)(specs.get(w.org, "api"))
      expect([healed.lastProcessErrorCode, healed.lastProcessedErrorCount, healed.lastVersion]).toEqual([undefined, 0, good])
    }))

  test("a fetched document that storage cannot keep (a NUL) fails with PARSE_ERROR; errors are kept short", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      served.set("http://docs.test/nul.json", `${json31("Nul")}\u0000`)
      yield* create(w.admin, w.org, "nul", { url: "http://docs.test/nul.json" })
      yield* processJob(w.org, "nul")
      expect((yield* as(w.admin)(specs.get(w.org, "nul"))).lastProcessErrorCode).toBe("PARSE_ERROR")
      const long = "x".repeat(5000)
      yield* create(w.admin, w.org, "long", { text: json31("Long", { paths: { [long]: 7 } }) })
      yield* processJob(w.org, "long")
      const spec = yield* as(w.admin)(specs.get(w.org, "long"))
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR")
      expect(Math.max(...spec.lastProcessedErrors!.map((e) => e.message.length))).toBeLessThanOrEqual(OPENAPI_ERROR_MESSAGE_MAX)
    }))

  test("a fetch that times out is tried again (the spec stays in progress), and its last attempt records FETCH_TIMEOUT", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "slow", { url: "http://slow.test/openapi.json" })
      const jobId = (yield* record(w.org, "slow")).processingJobId!
      const first = yield* failure(processJob(w.org, "slow", jobId, 1))
      expect(first).toMatchObject({ code: "FETCH_TIMEOUT", passing: true })
      expect((yield* as(w.admin)(specs.get(w.org, "slow"))).processingState).toBe("progress")
      yield* processJob(w.org, "slow", jobId)
      const spec = yield* as(w.admin)(specs.get(w.org, "slow"))
      expect([spec.processingState, spec.lastProcessErrorCode, spec.lastVersion]).toEqual(["complete", "FETCH_TIMEOUT", undefined])
    }))

  test("a recursive schema is no cycle", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      const text = json31("Tree", {
        components: { schemas: { Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } } } } } }
      })
      yield* create(w.admin, w.org, "tree", { text })
      yield* processJob(w.org, "tree")
      expect((yield* as(w.admin)(specs.get(w.org, "tree"))).lastProcessErrorCode).toBeUndefined()
    }))

  test("a URL source is fetched through the Fetcher with its relative and absolute $refs into the filesystem", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      served.set(
        "http://docs.test/api/openapi.yaml",
        `openapi: 3.1.0\ninfo:\n  title: Ext\n  version: "1"\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: "./schemas/pet.json#/Pet"\n    Owner:\n      $ref: "http://other.test/owner.json#/Owner"\n`
      )
      served.set("http://docs.test/api/schemas/pet.json", JSON.stringify({ Pet: { type: "object" } }))
      served.set("http://other.test/owner.json", JSON.stringify({ Owner: { type: "string" } }))
      yield* create(w.admin, w.org, "ext", { url: "http://docs.test/api/openapi.yaml" })
      yield* processJob(w.org, "ext")
      const spec = yield* as(w.admin)(specs.get(w.org, "ext"))
      expect([spec.processingState, spec.lastProcessErrorCode, spec.sourceURL]).toEqual(["complete", undefined, "http://docs.test/api/openapi.yaml"])
      const content = yield* as(w.admin)(specs.content(w.org, "ext", "latest"))
      expect(content.value.filesystem).toEqual({
        "openapi.yaml": expect.objectContaining({ openapi: "3.1.0" }),
        "./schemas/pet.json": { Pet: { type: "object" } },
        "http://other.test/owner.json": { Owner: { type: "string" } }
      })
      expect(content.value.urls).toEqual({ source: "http://docs.test/api/openapi.yaml", public: null })
      yield* as(w.admin)(specs.update(w.org, "ext", { visibility: "public" }))
      expect((yield* as(w.admin)(specs.content(w.org, "ext", "latest"))).value.urls.public).toBe("http://docs.test/api/openapi.yaml")
      expect((yield* as(w.admin)(specs.version(w.org, "ext", "latest"))).value.url).toBe("http://docs.test/api/openapi.yaml")
    }))

  test("a $ref to a private address, a missing document and one over 10 MB fail with FETCH_ERROR, writing no version", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      served.set("http://docs.test/big.json", " ".repeat(OPENAPI_DOCUMENT_MAX_BYTES) + json31("Big"))
      const cases = [
        ["private-ref", { text: json31("P", { components: { schemas: { A: { $ref: "http://10.0.0.1/secret.json#/A" } } } }) }],
        ["private-url", { url: "http://10.0.0.1/openapi.json" }],
        ["missing", { url: "http://docs.test/missing.json" }],
        ["too-large", { url: "http://docs.test/big.json" }]
      ] as const
      for (const [slug, source] of cases) {
        yield* create(w.admin, w.org, slug, source)
        yield* processJob(w.org, slug)
        const spec = yield* as(w.admin)(specs.get(w.org, slug))
        expect([slug, spec.processingState, spec.lastProcessErrorCode, spec.lastVersion]).toEqual([slug, "complete", "FETCH_ERROR", undefined])
        expect(yield* versionCount(w.admin, w.org, slug)).toBe(0)
      }
    }))

  test("text over 10 MB, a bad slug, a taken slug, a bad source: 400 naming the field, nothing written", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "taken", { text: json31("T") })
      const attempts = [
        [{ slug: "big", source: { text: "x".repeat(OPENAPI_DOCUMENT_MAX_BYTES + 1) } }, "source"],
        [{ slug: "Not-Lower", source: { text: json31("A") } }, "slug"],
        [{ slug: "a--b", source: { text: json31("A") } }, "slug"],
        [{ slug: "x".repeat(101), source: { text: json31("A") } }, "slug"],
        [{ slug: "taken", source: { text: json31("A") } }, "slug"],
        [{ slug: "ok", source: { url: "ftp://example.com/a.json" } }, "source"],
        [{ slug: "ok", source: { text: "" } }, "source"],
        [{ slug: "ok", source: {} }, "source"],
        [{ slug: "ok", source: { url: "https://user:secret@docs.test/openapi.json" } }, "source"],
        [{ slug: "ok", source: { text: `${json31("A")}\u0000` } }, "source"]
      ] as const
      for (const [input, field] of attempts) {
        const error = yield* failure(as(w.admin)(specs.create(w.org, input as never)))
        expect(error, JSON.stringify(input).slice(0, 60)).toMatchObject({ _tag: "InvalidInput" })
        expect((error as { field: string }).field.startsWith(field)).toBe(true)
      }
      expect(yield* failure(as(w.admin)(specs.put(w.org, "Bad Slug", { source: { text: json31("A") } })))).toMatchObject({
        _tag: "InvalidInput",
        field: "slug"
      })
      const page = yield* as(w.admin)(specs.list(w.org, {}))
      expect(page.items.map((s) => s.slug)).toEqual(["taken"])
    }))

  test("a job superseded by a newer source writes nothing; the newer one processes", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "api", { text: json31("Old") })
      const oldJob = (yield* record(w.org, "api")).processingJobId!
      yield* put(w.admin, w.org, "api", { text: json31("New") })
      expect(yield* processJob(w.org, "api", oldJob)).toEqual({ superseded: true })
      expect((yield* as(w.admin)(specs.get(w.org, "api"))).processingState).toBe("pending")
      yield* processJob(w.org, "api")
      expect((yield* as(w.admin)(specs.rawContent(w.org, "api", "latest"))).value.text).toBe(json31("New"))
      expect(yield* versionCount(w.admin, w.org, "api")).toBe(1)
    }))

  test("every member reads; creators and admins write; lower roles Forbidden naming the action; outsiders NotFound", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "api", { text: json31("A") })
      let n = 0
      for (const [user, edit] of [
        [w.admin, true],
        [w.creator, true],
        [w.editor, false],
        [w.reader, false],
        [w.guest, false]
      ] as const) {
        expect((yield* as(user)(specs.get(w.org, "api"))).permissions).toEqual({ view: true, edit })
        expect((yield* as(user)(specs.list(w.org, {}))).items.map((s) => s.slug)).toContain("api")
        const writes = [
          specs.create(w.org, { slug: `by-${++n}`, source: { text: json31("B") } }),
          specs.put(w.org, "api", { source: { text: json31("C") } }),
          specs.update(w.org, "api", { visibility: "public" }),
          specs.remove(w.org, "nothing-here")
        ]
        for (const write of writes) {
          const outcome = yield* Effect.either(as(user)(write as Effect.Effect<unknown, { _tag: string; message: string }, Actor>))
          if (edit) expect(outcome._tag).toBe("Right")
          else expect(outcome).toMatchObject({ _tag: "Left", left: { _tag: "Forbidden", message: expect.stringMatching(/OpenAPI/) } })
        }
      }
      for (const read of [specs.get(w.org, "api"), specs.list(w.org, {}), specs.versions(w.org, "api", {}), specs.remove(w.org, "api")]) {
        expect(yield* failure(as(w.outsider)(read as Effect.Effect<unknown, unknown>))).toMatchObject({ _tag: "NotFound" })
      }
    }))

  test("deleting a spec deletes its versions; deleting again answers false", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const specs = yield* OpenApiSpecs
      yield* create(w.admin, w.org, "api", { text: json31("A") })
      yield* processJob(w.org, "api")
      const spec = yield* record(w.org, "api")
      expect(yield* as(w.admin)(specs.remove(w.org, "api"))).toBe(true)
      expect(yield* as(w.admin)(specs.remove(w.org, "api"))).toBe(false)
      expect(yield* failure(as(w.admin)(specs.get(w.org, "api")))).toMatchObject({ _tag: "NotFound" })
      const repository = yield* OpenApiSpecRepository
      expect(Option.isNone(yield* repository.findVersion(spec.id, spec.lastVersionId!))).toBe(true)
    }))
})
