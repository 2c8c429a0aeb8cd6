import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync, watch } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MAX_CONTENT_TYPE_LENGTH, MAX_DESCRIPTION_LENGTH } from "@quire/core"
import { postgresAvailable } from "../support/postgres.js"
import { type Backend, type Fixture, startFixture } from "./support/fixture.js"
import { exchange, expectError, expectErrorBody, parseRawAnswer, send } from "./support/rawHttp.js"

/**
 * Hard limits on what a request may carry, against the real `quire serve` on each backend:
 * every refusal is a 4xx in the official error body, and nothing refused reaches storage.
 */

// The servers inherit this as their temporary folder, so that what they write there can be watched.
const serverTmp = mkdtempSync(join(tmpdir(), "quire-limits-tmp-"))
process.env.TMPDIR = serverTmp

const backends: Array<Backend> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"]

afterAll(() => rmSync(serverTmp, { recursive: true, force: true }))

const MB = 1024 * 1024
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth)

describe.each(backends)("input limits on %s", (backend) => {
  let f: Fixture

  beforeAll(async () => {
    f = await startFixture(backend)
  }, 180_000)

  afterAll(async () => {
    await f?.stop()
  })

  const countOf = async (path: string) => (JSON.parse((await f.call("GET", path)).text) as { count: number }).count
  const spaceTitle = async () => (JSON.parse((await f.call("GET", `/v1/spaces/${f.spaceId}`)).text) as { title: string }).title

  it("answers a body nested 10,000 deep with 400, on every kind of operation with a body", async () => {
    const calls = [
      ["POST", "/v1/orgs"],
      ["PATCH", `/v1/spaces/${f.spaceId}`],
      ["POST", `/v1/orgs/${f.organizationId}/spaces`],
      ["PUT", `/v1/orgs/${f.organizationId}/teams/${f.teamId}/members`]
    ] as const
    for (const [method, path] of calls) {
      const message = expectError(await f.call(method, path, deep(10_000)), 400)
      expect(message).toMatch(/64 levels/)
    }
    expect(await countOf(`/v1/orgs/${f.organizationId}/spaces`)).toBe(1)
  })

  it("reads a body nested 64 deep (the limit) and refuses 65", async () => {
    const nested = (depth: number) => `{"title":"Deep","x":${deep(depth - 1)}}`
    expect((await f.call("PATCH", `/v1/spaces/${f.spaceId}`, nested(64))).status).toBe(200)
    expectError(await f.call("PATCH", `/v1/spaces/${f.spaceId}`, nested(65)), 400)
  })

  it("answers NUL in a body string with 400 naming the field, and writes nothing", async () => {
    const orgs = await countOf("/v1/orgs")
    expect(expectError(await f.call("POST", "/v1/orgs", { title: "Ac\u0000me" }), 400)).toMatch(/"title".*NUL/)
    expect(await countOf("/v1/orgs")).toBe(orgs)

    const before = await spaceTitle()
    expect(expectError(await f.call("PATCH", `/v1/spaces/${f.spaceId}`, { title: "Re\u0000named" }), 400)).toMatch(/"title".*NUL/)
    expect(await spaceTitle()).toBe(before)

    const members = `/v1/orgs/${f.organizationId}/teams/${f.teamId}/members`
    expect(expectError(await f.call("PUT", members, { add: [f.bobId, "x\u0000"] }), 400)).toMatch(/"add\[1\]".*NUL/)
    expect(await countOf(members)).toBe(0)
  })

  it("answers NUL in a path or query parameter with 400 naming it, and writes nothing", async () => {
    expect(expectError(await f.call("GET", `/v1/spaces/${f.spaceId}%00`), 400)).toMatch(/"spaceId".*NUL/)
    const spaces = await countOf(`/v1/orgs/${f.organizationId}/spaces`)
    const create = await f.call("POST", `/v1/orgs/${f.organizationId}%00/spaces`, { title: "Sneaky" })
    expect(expectError(create, 400)).toMatch(/"organizationId".*NUL/)
    expect(await countOf(`/v1/orgs/${f.organizationId}/spaces`)).toBe(spaces)
    const search = await f.call("GET", `/v1/orgs/${f.organizationId}/members?search=a%00b`)
    expect(expectError(search, 400)).toMatch(/"search".*NUL/)
  })

  it("answers a lone UTF-16 surrogate in a body string with 400 naming the field, and accepts a pair", async () => {
    const orgs = await countOf("/v1/orgs")
    for (const escaped of ["\\ud800", "a\\udc00", "\\udc00\\ud800"]) {
      const message = expectError(await f.call("POST", "/v1/orgs", `{"title":"${escaped}"}`), 400)
      expect(message).toMatch(/"title".*surrogate/)
    }
    expect(await countOf("/v1/orgs")).toBe(orgs)
    expect((await f.call("POST", "/v1/orgs", `{"title":"Smile \\ud83d\\ude00"}`)).status).toBe(201)
  })

  it("answers a 2 MB body with 413 at once, whether its length is declared or it comes chunked; reads one just under 1 MB", async () => {
    const headers = { authorization: `Bearer ${f.token}`, "content-type": "application/json" }
    const body = JSON.stringify({ title: "x".repeat(2 * MB) })
    const declared = await send(f.server.url, { method: "POST", path: "/v1/orgs", headers, body })
    expect(expectError(declared, 413)).toMatch(/1048576 bytes/)
    expect(declared.millis).toBeLessThan(3_000)

    const chunks = Array.from({ length: 32 }, (_, i) => (i === 0 ? `{"title":"` : "x".repeat(64 * 1024)))
    const chunked = await send(f.server.url, { method: "POST", path: "/v1/orgs", headers, body: chunks })
    expectError(chunked, 413)
    // The server still answers afterwards, and reads a body just under the cap.
    const padded = { title: "Padded", padding: "x".repeat(MB - 100) }
    expect((await f.call("PATCH", `/v1/orgs/${f.organizationId}`, padded)).status).toBe(200)
  })

  it("answers form, multipart and text bodies on a JSON operation with 415, writing nothing to the temporary folder; reads JSON media types", async () => {
    const orgs = await countOf("/v1/orgs")
    const auth = { authorization: `Bearer ${f.token}` }
    const boundary = "quireboundary"
    const multipart = [
      `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nMultipart\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      "z".repeat(256 * 1024),
      `\r\n--${boundary}--\r\n`
    ].join("")
    const written: Array<string> = []
    const watcher = watch(serverTmp, (_event, name) => written.push(String(name)))
    let answer: Awaited<ReturnType<typeof send>>
    try {
      answer = await send(f.server.url, {
        method: "POST",
        path: "/v1/orgs",
        headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
        body: multipart
      })
      await new Promise((r) => setTimeout(r, 200))
    } finally {
      watcher.close()
    }
    expect(written).toEqual([])
    expectError(answer, 415)

    const form = await send(f.server.url, {
      method: "POST",
      path: "/v1/orgs",
      headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
      body: "title=Form"
    })
    expect(expectError(form, 415)).toMatch(/application\/json/)

    const text = await send(f.server.url, {
      method: "POST",
      path: "/v1/orgs",
      headers: { ...auth, "content-type": "text/plain" },
      body: '{"title":"Text"}'
    })
    expectError(text, 415)
    expect(await countOf("/v1/orgs")).toBe(orgs)

    // JSON is read whatever its charset parameter, and in `+json` media types.
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json", "Application/JSON"]) {
      const answer = await send(f.server.url, {
        method: "PATCH",
        path: `/v1/spaces/${f.spaceId}`,
        headers: { ...auth, "content-type": type },
        body: '{"title":"Typed"}'
      })
      expect({ type, status: answer.status }).toEqual({ type, status: 200 })
    }
  })

  it("answers a 1 MB bad value with 400 and a short body, whoever rejects it", async () => {
    const huge = "y".repeat(1_000_000)
    const answers = [
      // The schema of a literal field (would print the value).
      await f.call("POST", `/v1/orgs/${f.organizationId}/link-invites`, { role: huge }),
      // A value of the wrong type (would print the whole array).
      await f.call("PATCH", `/v1/orgs/${f.organizationId}`, { title: [huge] }),
      // The core naming the value it refuses.
      await f.call("PUT", `/v1/orgs/${f.organizationId}/teams/${f.teamId}/members`, { add: [huge] }),
      // A length rule.
      await f.call("POST", "/v1/orgs", { title: huge })
    ]
    for (const answer of answers) {
      const message = expectError(answer, 400)
      expect(answer.text.length).toBeLessThan(10 * 1024)
      expect(message).not.toMatch(/y{65}/)
    }
  })

  it("answers a file's contentType or a page's description past its limit with 400 naming it, writes nothing; serves one at the limit", async () => {
    const changeRequest = await f.call("POST", `/v1/spaces/${f.spaceId}/change-requests`, { subject: "Limits" })
    const cr = (JSON.parse(changeRequest.text) as { id: string }).id
    const content = `/v1/spaces/${f.spaceId}/change-requests/${cr}/content`
    const revision = async () => (JSON.parse((await f.call("GET", `/v1/spaces/${f.spaceId}/change-requests/${cr}`)).text) as { revision: string }).revision
    const file = (contentType: string) => ({ changes: [{ operation: "insert_files", files: [{ name: "a.bin", contentType, base64: "aGk=" }] }] })
    // 127 characters a name (RFC 6838), 255 in all.
    const longest = `${"t".repeat(127)}/${"s".repeat(127)}`
    expect(longest).toHaveLength(MAX_CONTENT_TYPE_LENGTH)

    const before = await revision()
    for (const contentType of [`${longest}x`, `application/${"x".repeat(20_000)}`, "text/plain\r\nx-evil: 1"]) {
      const answer = await f.call("POST", content, file(contentType))
      expect(expectError(answer, 400)).toMatch(/changes\[0\]\.files\[0\]\.contentType/)
      expect(JSON.parse(answer.text).error.field).toBe("changes[0].files[0].contentType")
    }
    const description = { changes: [{ operation: "insert_page", title: "P", description: "d".repeat(MAX_DESCRIPTION_LENGTH + 1), document: {} }] }
    const refused = await f.call("POST", content, description)
    expectError(refused, 400)
    expect(JSON.parse(refused.text).error.field).toBe("changes[0].description")
    expect(await revision()).toBe(before)

    const taken = await f.call("POST", `${content}?compat=false`, file(longest))
    expect(taken.status).toBe(200)
    const downloadURL = (JSON.parse(taken.text) as { insertedFiles: Array<{ downloadURL: string }> }).insertedFiles[0]!.downloadURL
    const download = await fetch(downloadURL, { headers: { authorization: `Bearer ${f.token}` } })
    expect(download.status).toBe(200)
    expect(download.headers.get("content-type")).toBe(longest)
    expect(await download.text()).toBe("hi")
  })

  it("answers a request line that is not HTTP with 400 in the error shape", async () => {
    const answer = parseRawAnswer(await exchange(f.port, "GARBAGE\r\n\r\n"))
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 400 /)
    expectErrorBody({ status: answer.status, contentType: answer.headers["content-type"], body: answer.body }, 400)
  })

  it("answers headers over 16 KB with 431 in the error shape", async () => {
    const request = `GET /v1/ HTTP/1.1\r\nhost: localhost\r\nx-padding: ${"a".repeat(20 * 1024)}\r\n\r\n`
    const answer = parseRawAnswer(await exchange(f.port, request))
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 431 /)
    expectErrorBody({ status: answer.status, contentType: answer.headers["content-type"], body: answer.body }, 431)
  })
})

describe("MAX_BODY_BYTES", () => {
  let f: Fixture

  beforeAll(async () => {
    f = await startFixture("sqlite", { MAX_BODY_BYTES: "2000" })
  }, 180_000)

  afterAll(async () => {
    await f?.stop()
  })

  it("sets the cap of `quire serve`", async () => {
    const title = { title: "Capped" }
    expect((await f.call("PATCH", `/v1/spaces/${f.spaceId}`, { ...title, padding: "x".repeat(1_900) })).status).toBe(200)
    const answer = await f.call("PATCH", `/v1/spaces/${f.spaceId}`, { ...title, padding: "x".repeat(2_000) })
    expect(expectError(answer, 413)).toMatch(/2000 bytes/)
  })
})
