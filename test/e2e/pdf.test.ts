import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { exercised } from "./support/client.js"
import { expectFailure, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type ChangeRequestContentUpdate, MemberRole } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { solidPng } from "./support/png.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * PDF exports and file downloads through the official client, on SQLite. ada administers Acme,
 * carl reads in it, eve is outside. The space holds Getting Started (headings, lists, code, a
 * table, an embedded PNG), Deep Dive below it, then Reference and Unicode; a draft change
 * request adds Draft Only. PDFs are read back with poppler's `pdftotext` and `pdfimages`.
 * (Expiry is tested in process with a test clock: test/http/pdfLinks.test.ts.)
 */
let server: RunningServer
let ada: Principal
let carl: Principal
let eve: Principal
let acme: string
let space: string
let draft: string
let gettingStarted: string
let deepDive: string
let png: Buffer
let blob: Buffer
let blobUrl: string
let crFile: string
let work: string

const write = async (changeRequest: string, changes: Array<unknown>) =>
  (await ada.api.spaces.updateChangeRequestContent(space, changeRequest, { changes } as any, { compat: false }))
    .data as ChangeRequestContentUpdate

const pageId = (update: ChangeRequestContentUpdate, index: number) => (update.changes[index]!.page as unknown as { id: string }).id

beforeAll(async () => {
  server = await startServer()
  ;[ada, carl] = await makeUsers(server, "acme.test", ["Ada", "Carl"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  const readers = (await ada.api.orgs.createOrganizationInvite(acme, { role: MemberRole.Read })).data.id
  await carl.api.orgs.joinOrganizationWithInvite(acme, readers)
  space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
  const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Pages" })).data.id
  png = solidPng(40, 30, [200, 30, 30])
  blob = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256))
  const files = await write(cr, [
    {
      operation: "insert_files",
      files: [
        { name: "diagram.png", contentType: "image/png", base64: png.toString("base64") },
        { name: "data Über.bin", contentType: "application/octet-stream", base64: blob.toString("base64") }
      ]
    }
  ])
  const diagram = files.insertedFiles![0]!.id
  const markdown = [
    "Welcome to the widget.",
    "",
    "## Install",
    "",
    "- first bullet",
    "- second bullet",
    "",
    "1. step one",
    "2. step two",
    "",
    "```sh",
    "npm install quire-widget",
    "```",
    "",
    "| Name | Value |",
    "| --- | --- |",
    "| alpha | 1 |",
    "| beta | 2 |",
    "",
    `![Diagram](/files/${diagram})`,
    "",
    "![Remote](https://example.com/remote.png)"
  ].join("\n")
  const top = await write(cr, [
    { operation: "insert_page", title: "Getting Started", document: { markdown } },
    { operation: "insert_page", title: "Reference", document: { markdown: "See [the guide](https://example.com/guide)." } },
    { operation: "insert_page", title: "Unicode 文档 ✓", document: { markdown: "Emoji 🎉 and Über — ok." } }
  ])
  gettingStarted = pageId(top, 0)
  const below = await write(cr, [
    { operation: "insert_page", title: "Deep Dive", into: gettingStarted, document: { markdown: "Nested content here." } }
  ])
  deepDive = pageId(below, 0)
  expect((await ada.api.spaces.mergeChangeRequest(space, cr)).data.result).toBe("merge")
  blobUrl = (await ada.api.spaces.listFiles(space)).data.items.find((f) => f.name === "data Über.bin")!.downloadURL
  draft = (await ada.api.spaces.createChangeRequest(space, { subject: "Draft work" })).data.id
  const drafted = await write(draft, [
    { operation: "insert_page", title: "Draft Only", document: { markdown: "Only in the change request." } },
    { operation: "insert_files", files: [{ name: "draft.txt", contentType: "text/plain", base64: Buffer.from("draft bytes").toString("base64") }] }
  ])
  crFile = drafted.insertedFiles![0]!.downloadURL
  work = mkdtempSync(join(tmpdir(), "quire-pdf-"))
})

afterAll(async () => {
  await server?.stop()
  if (work !== undefined) rmSync(work, { recursive: true, force: true })
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

/** Fetches a signed URL as anyone would: no token. */
const download = async (url: string) => {
  const response = await fetch(url)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { response, bytes }
}

let files = 0
/** Runs a poppler tool on the PDF's bytes; answers its stdout. */
const poppler = (tool: "pdftotext" | "pdfimages", bytes: Buffer, args: ReadonlyArray<string>) => {
  const path = join(work, `${files++}.pdf`)
  writeFileSync(path, bytes)
  return execFileSync(tool, [...args.map((arg) => (arg === "PDF" ? path : arg))], { encoding: "utf8" })
}
const textOf = (bytes: Buffer) => poppler("pdftotext", bytes, ["-layout", "PDF", "-"])

/** The positions of `needles` in `text`, each after the one before (-1: not found in order). */
const inOrder = (text: string, needles: ReadonlyArray<string>) => {
  let from = 0
  return needles.map((needle) => {
    const at = text.indexOf(needle, from)
    if (at !== -1) from = at + needle.length
    return at
  })
}

/** A token's last character changed: the signature no longer matches. */
const tamper = (url: string) => url.slice(0, -1) + (url.endsWith("A") ? "B" : "A")

describe("getSpacePDF", () => {
  it("answers a URL of this server that serves the whole space as a PDF, without a token", async () => {
    const { status, data } = await carl.api.spaces.getSpacePdf(space)
    expect(status).toBe(200)
    expect(data.url).toMatch(new RegExp(`^${server.url}/v1/pdf\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`))
    const { response, bytes } = await download(data.url)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/pdf")
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Handbook\.pdf"/)
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length)
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const text = textOf(bytes)
    expect(inOrder(text, ["Getting Started", "Deep Dive", "Reference", "Unicode"]).every((at) => at >= 0)).toBe(true)
    // Each title once: the page's markdown leads with it as a heading, which the PDF does not print again.
    expect(text.split("Deep Dive").length - 1).toBe(1)
    expect(text).toContain("npm install quire-widget")
    expect(text).toMatch(/alpha\s+\|\s+1/)
    expect(text).toMatch(/Name\s+\|\s+Value/)
    expect(text).toContain("first bullet")
    expect(text).toContain("step two")
    expect(text).toContain("the guide")
    expect(text).toContain("https://example.com/remote.png")
    // Characters the standard fonts lack are `?`, the rest of the page intact.
    expect(text).toContain("Über")
    expect(text).not.toContain("Draft Only")
    const images = poppler("pdfimages", bytes, ["-list", "PDF"])
    const rows = images.trim().split("\n").slice(2)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(/^\s*\d+\s+\d+\s+image\s+40\s+30\s+rgb/)
  })

  it("page and only=true give just that page; page alone gives everything", async () => {
    const only = (await ada.api.spaces.getSpacePdf(space, { only: true, page: deepDive })).data.url
    const text = textOf((await download(only)).bytes)
    expect(text).toContain("Deep Dive")
    expect(text).toContain("Nested content here.")
    expect(text).not.toContain("Getting Started")
    const all = (await ada.api.spaces.getSpacePdf(space, { page: deepDive })).data.url
    expect(inOrder(textOf((await download(all)).bytes), ["Getting Started", "Deep Dive", "Reference"]).every((at) => at >= 0)).toBe(true)
  })

  it("an unknown page is 404, only=true without a page 400 naming page, an outsider 404", async () => {
    await expectFailure(ada.api.spaces.getSpacePdf(space, { page: "noSuchPage" }), 404)
    await expectFailure(ada.api.spaces.getSpacePdf(space, { only: true }), 400, /page/)
    await expectFailure(eve.api.spaces.getSpacePdf(space), 404)
  })

  it("prints the revision the caller saw, even after the space moves on", async () => {
    const url = (await ada.api.spaces.getSpacePdf(space)).data.url
    const later = (await ada.api.spaces.createChangeRequest(space, { subject: "Later" })).data.id
    await write(later, [{ operation: "insert_page", title: "Added Later", document: { markdown: "New." } }])
    await ada.api.spaces.mergeChangeRequest(space, later)
    expect(textOf((await download(url)).bytes)).not.toContain("Added Later")
    const fresh = (await ada.api.spaces.getSpacePdf(space)).data.url
    expect(textOf((await download(fresh)).bytes)).toContain("Added Later")
  })

  it("a tampered or forged URL is 404 in the official error body", async () => {
    const url = (await ada.api.spaces.getSpacePdf(space)).data.url
    for (const bad of [tamper(url), `${server.url}/v1/pdf?token=forged.token`, `${server.url}/v1/pdf?token=${"x".repeat(3000)}`]) {
      const response = await fetch(bad)
      expect(response.status, bad).toBe(404)
      expect(await response.json()).toEqual({ error: { code: 404, message: expect.any(String) } })
    }
  })
})

describe("getChangeRequestPDF", () => {
  it("prints the change request's content, with the page only it has, by id or number", async () => {
    const byId = (await carl.api.spaces.getChangeRequestPdf(space, draft)).data.url
    const { response, bytes } = await download(byId)
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Draft work\.pdf"/)
    const text = textOf(bytes)
    expect(inOrder(text, ["Getting Started", "Deep Dive", "Reference"]).every((at) => at >= 0)).toBe(true)
    expect(text).toContain("Draft Only")
    const number = (await ada.api.spaces.getChangeRequestById(space, draft)).data.number
    const byNumber = (await ada.api.spaces.getChangeRequestPdf(space, String(number))).data.url
    expect(textOf((await download(byNumber)).bytes)).toContain("Draft Only")
  })

  it("an outsider, an unknown change request or page: 404", async () => {
    await expectFailure(eve.api.spaces.getChangeRequestPdf(space, draft), 404)
    await expectFailure(ada.api.spaces.getChangeRequestPdf(space, "noSuchChangeRequest"), 404)
    await expectFailure(ada.api.spaces.getChangeRequestPdf(space, draft, { only: true, page: "noSuchPage" }), 404)
  })
})

describe("file downloads", () => {
  it("every file's downloadURL serves its bytes exactly, with its type, length, ETag and name", async () => {
    const response = await fetch(blobUrl, { headers: { authorization: `Bearer ${carl.token}` } })
    expect(response.status).toBe(200)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.equals(blob)).toBe(true)
    expect(response.headers.get("content-type")).toBe("application/octet-stream")
    expect(Number(response.headers.get("content-length"))).toBe(blob.length)
    const { createHash } = await import("node:crypto")
    expect(response.headers.get("etag")).toBe(`"${createHash("sha256").update(blob).digest("hex")}"`)
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="data _ber.bin"; filename*=UTF-8''data%20%C3%9Cber.bin`)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })

  it("is 304 without a body when If-None-Match names its ETag", async () => {
    const etag = (await fetch(blobUrl, { headers: { authorization: `Bearer ${ada.token}` } })).headers.get("etag")!
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, "*"]) {
      const response = await fetch(blobUrl, { headers: { authorization: `Bearer ${ada.token}`, "if-none-match": ifNoneMatch } })
      expect(response.status, ifNoneMatch).toBe(304)
      expect(response.headers.get("etag")).toBe(etag)
      expect(await response.text()).toBe("")
    }
    const changed = await fetch(blobUrl, { headers: { authorization: `Bearer ${ada.token}`, "if-none-match": '"other"' } })
    expect(changed.status).toBe(200)
  })

  it("is 404 for an outsider and an unknown file, 401 without a token", async () => {
    expect((await fetch(blobUrl, { headers: { authorization: `Bearer ${eve.token}` } })).status).toBe(404)
    const unknown = blobUrl.replace(/\/files\/[^/]+\//, "/files/noSuchFile/")
    expect((await fetch(unknown, { headers: { authorization: `Bearer ${ada.token}` } })).status).toBe(404)
    const anonymous = await fetch(blobUrl)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: { code: 401, message: expect.any(String) } })
  })

  it("a file only a change request has downloads from the change request's URL", async () => {
    expect(crFile).toMatch(new RegExp(`/v1/spaces/${space}/change-requests/${draft}/content/files/[^/]+/draft\\.txt$`))
    const response = await fetch(crFile, { headers: { authorization: `Bearer ${carl.token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain")
    expect(await response.text()).toBe("draft bytes")
    expect((await fetch(crFile, { headers: { authorization: `Bearer ${eve.token}` } })).status).toBe(404)
    const inSpace = crFile.replace(`/change-requests/${draft}`, "")
    expect((await fetch(inSpace, { headers: { authorization: `Bearer ${ada.token}` } })).status).toBe(404)
  })
})

describe("access is checked again when a PDF is downloaded", () => {
  it("a URL issued to a member who has left the organization stops working", async () => {
    const url = (await carl.api.spaces.getSpacePdf(space)).data.url
    expect((await download(url)).response.status).toBe(200)
    await ada.api.orgs.removeMemberFromOrganizationById(acme, carl.user.id)
    expect((await download(url)).response.status).toBe(404)
  })
})

describe("coverage", () => {
  it("every official operation of the area answered a success", () => {
    // The downloads are fetched directly (bytes, not JSON): the official client's operations only here.
    const official = operationsByArea.exports.filter((op) => op.startsWith("get"))
    expect(notExercised(official)).toEqual([])
    expect(exercised.size).toBeGreaterThan(0)
  })
})
