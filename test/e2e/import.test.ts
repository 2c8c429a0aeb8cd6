import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { docxOf, paragraph, zipOf } from "../import/import-fixtures.js"
import { rawCall } from "./support/client.js"
import { makeAcmeWithEditor, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { operationsByArea } from "./support/operations.js"
import { freePort, type RunningServer, startServer } from "./support/server.js"

/**
 * `importContent` and `importChangeRequestContent` end to end, on SQLite: each source served
 * from loopback (the server allows 127.0.0.1 through `QUIRE_FETCH_ALLOW`), read back through
 * the official client; bad input answers 400 naming `url` and changes nothing. ada
 * administers Acme, bob edits, carl reads, eve is outside.
 */
let server: RunningServer
let fixtures: Server
let base: string
let ada: Principal
let bob: Principal
let carl: Principal
let eve: Principal
let acme: string

const page = (title: string, body: string, extra = "") =>
  `<!doctype html><html><head><title>${title}</title><script>steal()</script></head><body><nav><a href="/site/">Home</a></nav><main><h1>${title}</h1><p>${body}</p>${extra}<script>alert(1)</script><img src="x.png" onerror="steal()"></main></body></html>`

const files: Record<string, { type: string; body: string | Uint8Array }> = {
  "/guide.md": { type: "text/markdown", body: "# Getting started\n\nInstall it **now**.\n" },
  "/docs.zip": {
    type: "application/zip",
    body: zipOf({
      "SUMMARY.md": "# Summary\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n  * [On Linux](setup/linux.md)\n",
      "README.md": "# Welcome\n\nHello from the zip.\n",
      "setup.md": "# Setup\n\nHow to set up.\n",
      "setup/linux.md": "# On Linux\n\nUse apt.\n"
    })
  },
  "/evil.zip": { type: "application/zip", body: zipOf({ "ok.md": "# Ok\n\nFine.\n", "../escape.md": "# Out\n" }) },
  "/page.html": { type: "text/html; charset=utf-8", body: page("Scripted", "Plain text survives.") },
  "/site/": { type: "text/html", body: page("Site home", "The start.", '<a href="/site/install.html">Install</a> <a href="/site/usage.html">Usage</a>') },
  "/site/install.html": { type: "text/html", body: page("Install guide", "Run the installer.") },
  "/site/usage.html": { type: "text/html", body: page("Usage guide", "Use it daily.") },
  "/manual.docx": {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    body: docxOf([paragraph(["The manual"], "Title"), paragraph(["Read ", ["this", "b"], " first."])])
  },
  "/empty.md": { type: "text/markdown", body: "" }
}

const importInto = (who: Principal, path: string, body: unknown) => rawCall(server.url, who.token, "POST", path, body)
const intoSpace = (who: Principal, space: string, body: unknown) => importInto(who, `/spaces/${space}/content/import`, body)
const currentRevision = async (space: string) => (await ada.api.spaces.getCurrentRevision(space)).data.id
const titlesOf = (pages: ReadonlyArray<any>): Array<unknown> =>
  pages.map((p) => (p.pages?.length ? [p.title, titlesOf(p.pages)] : p.title))
const newSpace = async (title: string) => (await ada.api.orgs.createSpace(acme, { title })).data.id

beforeAll(async () => {
  fixtures = createServer((request, response) => {
    const file = files[new URL(request.url ?? "/", "http://x").pathname]
    if (file === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    response.writeHead(200, { "content-type": file.type }).end(file.body)
  })
  await new Promise<void>((done) => fixtures.listen(0, "127.0.0.1", done))
  base = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`
  server = await startServer({ env: { QUIRE_FETCH_ALLOW: "127.0.0.1" } })
  ;({ ada, bob, carl, eve, acme } = await makeAcmeWithEditor(server))
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await new Promise((done) => fixtures?.close(done))
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("importContent: each source into a space", () => {
  it("markdown: one page, titled from its heading, its body without it", async () => {
    const space = await newSpace("Markdown")
    const answer = await intoSpace(ada, space, { url: `${base}/guide.md`, source: "markdown" })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ revision: await currentRevision(space), importedResources: 1, totalResources: 1 })
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(pages.map((p) => [p.title, p.slug])).toEqual([["Getting started", "getting-started"]])
    const read = (await carl.api.spaces.getPageById(space, pages[0].id, { format: "markdown" } as any)).data as any
    expect(read.markdown).toContain("Install it **now**.")
    expect(read.markdown.match(/Getting started/g)).toHaveLength(1)
  })

  it("zip: the folder's pages in SUMMARY.md's order and nesting", async () => {
    const space = await newSpace("Zip")
    const answer = await intoSpace(bob, space, { url: `${base}/docs.zip`, source: "zip" })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ revision: await currentRevision(space), importedResources: 3 })
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(titlesOf(pages)).toEqual(["Welcome", ["Setup", ["On Linux"]]])
    const linux = pages[1].pages[0]
    expect(((await carl.api.spaces.getPageById(space, linux.id, { format: "markdown" } as any)).data as any).markdown).toContain("Use apt.")
  })

  it("html: scripts, event handlers and navigation gone, the text kept", async () => {
    const space = await newSpace("Html")
    expect((await intoSpace(ada, space, { url: `${base}/page.html`, source: "html" })).status).toBe(201)
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(pages.map((p) => p.title)).toEqual(["Scripted"])
    const markdown = ((await carl.api.spaces.getPageById(space, pages[0].id, { format: "markdown" } as any)).data as any).markdown as string
    expect(markdown).toContain("Plain text survives.")
    expect(markdown).not.toMatch(/steal|alert|<script|onerror/i)
  })

  it("website: the same-origin pages the start page links to, under it", async () => {
    const space = await newSpace("Website")
    const answer = await intoSpace(ada, space, { url: `${base}/site/`, source: "website" })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ importedResources: 3, totalResources: 3 })
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    const titles = JSON.stringify(titlesOf(pages))
    for (const title of ["Site home", "Install guide", "Usage guide"]) expect(titles).toContain(title)
  })

  it("docx: the document's title and text", async () => {
    const space = await newSpace("Docx")
    expect((await intoSpace(ada, space, { url: `${base}/manual.docx`, source: "docx" })).status).toBe(201)
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(pages.map((p) => p.title)).toEqual(["The manual"])
    expect(((await carl.api.spaces.getPageById(space, pages[0].id, { format: "markdown" } as any)).data as any).markdown).toContain("**this**")
  })

  it("adds after the existing root pages, removing nothing; a taken slug gets a suffix", async () => {
    const space = await newSpace("Twice")
    expect((await intoSpace(ada, space, { url: `${base}/docs.zip`, source: "zip" })).status).toBe(201)
    const before = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect((await intoSpace(ada, space, { url: `${base}/guide.md`, source: "markdown" })).status).toBe(201)
    expect((await intoSpace(ada, space, { url: `${base}/guide.md`, source: "markdown" })).status).toBe(201)
    const after = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(after.slice(0, before.length).map((p) => p.id)).toEqual(before.map((p) => p.id))
    expect(after.slice(before.length).map((p) => [p.title, p.slug])).toEqual([
      ["Getting started", "getting-started"],
      ["Getting started", "getting-started-2"]
    ])
  })
})

describe("importChangeRequestContent", () => {
  it("moves the change request's revision, not the space's; merged, the pages reach the space", async () => {
    const space = await newSpace("Reviewed")
    const mainBefore = await currentRevision(space)
    const cr = (await bob.api.spaces.createChangeRequest(space, { subject: "Import" })).data
    const answer = await importInto(bob, `/spaces/${space}/change-requests/${cr.id}/content/import`, { url: `${base}/docs.zip`, source: "zip" })
    expect(answer.status).toBe(201)
    expect((await bob.api.spaces.getChangeRequestById(space, cr.id)).data.revision).toBe(answer.body.revision)
    expect(await currentRevision(space)).toBe(mainBefore)
    const pages = (await carl.api.spaces.listPagesInChangeRequest(space, cr.id)).data.pages as Array<any>
    expect(titlesOf(pages)).toEqual(["Welcome", ["Setup", ["On Linux"]]])
    const byNumber = await importInto(bob, `/spaces/${space}/change-requests/${cr.number}/content/import`, { url: `${base}/guide.md`, source: "markdown" })
    expect(byNumber.status).toBe(201)
    expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
    const merged = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(merged.map((p) => p.title)).toEqual(["Welcome", "Setup", "Getting started"])
  })

  it("a merged change request refuses an import (409)", async () => {
    const space = await newSpace("Closed")
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Done" })).data
    await importInto(ada, `/spaces/${space}/change-requests/${cr.id}/content/import`, { url: `${base}/guide.md`, source: "markdown" })
    expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
    const again = await importInto(ada, `/spaces/${space}/change-requests/${cr.id}/content/import`, { url: `${base}/guide.md`, source: "markdown" })
    expect(again.status).toBe(409)
  })
})

describe("bad input: 400 naming the field, nothing written, the server still serving", () => {
  it("refuses each, leaving the space's revision as it was", async () => {
    const space = await newSpace("Refusals")
    expect((await intoSpace(ada, space, { url: `${base}/guide.md`, source: "markdown" })).status).toBe(201)
    const before = await currentRevision(space)
    const closed = await freePort()
    const cases: ReadonlyArray<[unknown, string, RegExp]> = [
      [{ source: "markdown" }, "url", /url/],
      [{ url: "not a url", source: "markdown" }, "url", /url/],
      [{ url: "file:///etc/passwd", source: "markdown" }, "url", /http/],
      [{ url: `${base}/guide.md`, source: "pdf" }, "source", /source/],
      [{ url: `${base}/guide.md` }, "source", /source/],
      [{ url: `http://127.0.0.1:${closed}/guide.md`, source: "markdown" }, "url", /unreachable|refused|connect/i],
      [{ url: "http://169.254.169.254/latest/meta-data", source: "markdown" }, "url", /169\.254\.169\.254|link-local|refused|not allowed/i],
      [{ url: "http://10.1.2.3/guide.md", source: "markdown" }, "url", /10\.1\.2\.3|private|refused|not allowed/i],
      [{ url: `${base}/evil.zip`, source: "zip" }, "url", /\.\./],
      [{ url: `${base}/missing.md`, source: "markdown" }, "url", /404/],
      [{ url: `${base}/guide.md`, source: "zip" }, "url", /zip/i],
      [{ url: `${base}/empty.md`, source: "markdown" }, "url", /empty|no page|nothing/i]
    ]
    for (const [body, field, message] of cases) {
      const answer = await intoSpace(ada, space, body)
      expect({ body, status: answer.status }).toEqual({ body, status: 400 })
      expect(answer.body.error.message).toContain(field)
      expect({ body, message: answer.body.error.message }).toEqual({ body, message: expect.stringMatching(message) })
    }
    expect(await currentRevision(space)).toBe(before)
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Unchanged" })).data
    const refused = await importInto(ada, `/spaces/${space}/change-requests/${cr.id}/content/import`, { url: `${base}/evil.zip`, source: "zip" })
    expect(refused.status).toBe(400)
    expect((await ada.api.spaces.getChangeRequestById(space, cr.id)).data.revision).toBe(before)
    expect((await ada.api.spaces.getSpaceById(space)).status).toBe(200)
  }, 180_000)
})

describe("authorization", () => {
  it("a reader gets 403, an outsider 404, and nothing changes", async () => {
    const space = await newSpace("Guarded")
    const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Guarded" })).data
    const before = await currentRevision(space)
    const body = { url: `${base}/guide.md`, source: "markdown" }
    expect((await intoSpace(carl, space, body)).status).toBe(403)
    expect((await intoSpace(eve, space, body)).status).toBe(404)
    expect((await importInto(carl, `/spaces/${space}/change-requests/${cr.id}/content/import`, body)).status).toBe(403)
    expect((await importInto(eve, `/spaces/${space}/change-requests/${cr.id}/content/import`, body)).status).toBe(404)
    expect((await rawCall(server.url, undefined, "POST", `/spaces/${space}/content/import`, body)).status).toBe(401)
    expect(await currentRevision(space)).toBe(before)
    expect((await ada.api.spaces.getChangeRequestById(space, cr.id)).data.revision).toBe(before)
  })
})

describe("coverage", () => {
  it("both operations answered a success", () => {
    expect(notExercised([...operationsByArea.contentImports])).toEqual([])
  })
})
