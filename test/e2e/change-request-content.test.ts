import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { expectFailure, makeAcme, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import type { ChangeRequestContentUpdate } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Reading a change request's content through the official client, and the `ETag`s of every
 * content read through plain `fetch`, on SQLite. ada administers Acme, carl reads in it, eve is
 * outside. The space holds Intro and notes.txt, merged from change request #1; change request
 * #2 adds Draft (below Intro) and draft.txt, which the space does not hold.
 */
let server: RunningServer
let ada: Principal
let carl: Principal
let eve: Principal
let space: string
let cr: { id: string; number: number }
let intro: string
let draft: string
let draftPath: string
let notes: string
let draftFile: string

type Change = Parameters<Principal["api"]["spaces"]["updateChangeRequestContent"]>[2]["changes"][number]

const write = async (ref: string, changes: ReadonlyArray<Change | Record<string, unknown>>) =>
  (await ada.api.spaces.updateChangeRequestContent(space, ref, { changes: [...changes] } as any, { compat: false }))
    .data as ChangeRequestContentUpdate
const pageIdOf = (update: ChangeRequestContentUpdate, index = 0) => (update.changes[index]!.page as unknown as { id: string }).id
const file = (name: string, text: string) => ({ name, contentType: "text/plain", base64: Buffer.from(text).toString("base64") })

beforeAll(async () => {
  server = await startServer()
  const people = await makeAcme(server)
  ;({ ada, carl, eve } = people)
  const acme = people.acme
  space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
  const first = (await ada.api.spaces.createChangeRequest(space, { subject: "Intro" })).data
  const merged = await write(first.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "Hello." } },
    { operation: "insert_files", files: [file("notes.txt", "hello")] }
  ])
  intro = pageIdOf(merged)
  notes = merged.insertedFiles![0]!.id
  expect((await ada.api.spaces.mergeChangeRequest(space, first.id)).data.result).toBe("merge")
  const second = (await ada.api.spaces.createChangeRequest(space, { subject: "Draft" })).data
  cr = { id: second.id, number: second.number }
  const drafted = await write(cr.id, [
    { operation: "insert_page", title: "Draft", into: intro, document: { markdown: "Not yet." } },
    { operation: "insert_files", files: [file("draft.txt", "draft")] }
  ])
  draft = pageIdOf(drafted)
  draftFile = drafted.insertedFiles![0]!.id
  draftPath = ((await ada.api.spaces.getPageInChangeRequestById(space, cr.id, draft)).data as any).path
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

/** The change request by its id, then by its number. */
const refs = () => [cr.id, String(cr.number)]

describe("a change request's content, by id and by number", () => {
  it("getRevisionOfChangeRequestById: its current revision, the draft's pages and files", async () => {
    const current = (await ada.api.spaces.getChangeRequestById(space, cr.id)).data.revision
    for (const ref of refs()) {
      const revision = (await carl.api.spaces.getRevisionOfChangeRequestById(space, ref)).data as any
      expect(revision, ref).toMatchObject({ object: "revision", id: current, type: "edits" })
      expect(revision.pages.map((p: any) => p.title)).toEqual(["Intro"])
      expect(revision.pages[0].pages.map((p: any) => [p.id, p.title])).toEqual([[draft, "Draft"]])
      expect(revision.files.map((f: any) => f.name).sort()).toEqual(["draft.txt", "notes.txt"])
    }
    // The space's own revision is not the change request's.
    expect((await carl.api.spaces.getCurrentRevision(space)).data.id).not.toBe(current)
  })

  it("listPagesInChangeRequest: the page tree of the draft (as listPages answers a space's)", async () => {
    for (const ref of refs()) {
      const pages = (await carl.api.spaces.listPagesInChangeRequest(space, ref)).data.pages as Array<any>
      expect(pages.map((p) => [p.id, p.title]), ref).toEqual([[intro, "Intro"]])
      expect(pages[0].pages.map((p: any) => p.id)).toEqual([draft])
    }
    expect(((await carl.api.spaces.listPages(space)).data.pages[0] as any).pages).toEqual([])
  })

  it("getPageInChangeRequestById: a page only the change request holds, with its markdown; document is 400 naming format", async () => {
    for (const ref of refs()) {
      const page = (await carl.api.spaces.getPageInChangeRequestById(space, ref, draft)).data as any
      expect(page, ref).toMatchObject({ id: draft, title: "Draft", type: "document" })
      expect(page.markdown).toContain("Not yet.")
      const withMarkdown = (await carl.api.spaces.getPageInChangeRequestById(space, ref, draft, { format: "markdown" } as any))
        .data as any
      expect(withMarkdown.markdown).toContain("Not yet.")
    }
    await expectFailure(carl.api.spaces.getPageById(space, draft), 404)
    await expectFailure(carl.api.spaces.getPageInChangeRequestById(space, cr.id, draft, { format: "document" } as any), 400, /format/)
    await expectFailure(carl.api.spaces.getPageInChangeRequestById(space, cr.id, "unknownPage00000000"), 404)
  })

  it("getPageInChangeRequestByPath: the path URL-encoded; a path the draft lacks is 404", async () => {
    expect(draftPath).toMatch(/\/draft$/)
    for (const ref of refs()) {
      const page = (await carl.api.spaces.getPageInChangeRequestByPath(space, ref, encodeURIComponent(draftPath))).data as any
      expect(page, ref).toMatchObject({ id: draft, title: "Draft", path: draftPath })
      expect(page.markdown).toContain("Not yet.")
    }
    await expectFailure(carl.api.spaces.getPageByPath(space, encodeURIComponent(draftPath)), 404)
    await expectFailure(carl.api.spaces.getPageInChangeRequestByPath(space, cr.id, "nowhere"), 404)
    await expectFailure(
      carl.api.spaces.getPageInChangeRequestByPath(space, cr.id, encodeURIComponent(draftPath), { format: "document" } as any),
      400,
      /format/
    )
  })

  it("listFilesInChangeRequestById: the space's file and the draft's, paged like listFiles", async () => {
    for (const ref of refs()) {
      const files = (await carl.api.spaces.listFilesInChangeRequestById(space, ref)).data
      expect(files.count, ref).toBe(2)
      expect(files.items.map((f) => f.id).sort()).toEqual([notes, draftFile].sort())
      const first = (await carl.api.spaces.listFilesInChangeRequestById(space, ref, { limit: 1 })).data
      expect(first.items).toEqual([files.items[0]])
      const second = (await carl.api.spaces.listFilesInChangeRequestById(space, ref, { limit: 1, page: first.next!.page })).data
      expect(second.items).toEqual([files.items[1]])
      expect(second.next).toBeUndefined()
    }
    expect((await carl.api.spaces.listFiles(space)).data.count).toBe(1)
    await expectFailure(carl.api.spaces.listFilesInChangeRequestById(space, cr.id, { limit: 0 }), 400, /limit/)
    await expectFailure(carl.api.spaces.listFilesInChangeRequestById(space, cr.id, { page: "garbage" }), 400, /page/)
  })

  it("getFileInChangeRequestById: a file only the change request holds; an unknown file is 404", async () => {
    for (const ref of refs()) {
      const one = (await carl.api.spaces.getFileInChangeRequestById(space, ref, draftFile)).data
      expect(one, ref).toMatchObject({ id: draftFile, name: "draft.txt", size: 5 })
    }
    await expectFailure(carl.api.spaces.getFileById(space, draftFile), 404)
    await expectFailure(carl.api.spaces.getFileInChangeRequestById(space, cr.id, "unknownFile00000000"), 404)
  })

  it("a merged change request's content stays readable: its last revision", async () => {
    const revision = (await carl.api.spaces.getRevisionOfChangeRequestById(space, "1")).data
    expect(revision.pages.map((p) => p.title)).toEqual(["Intro"])
    expect(revision.id).toBe((await ada.api.spaces.getChangeRequestById(space, "1")).data.revision)
  })
})

describe("who may read a change request's content", () => {
  /** Each read, made only when called: a failure made early would be unhandled until awaited. */
  const everyRead = (who: Principal, ref: string): ReadonlyArray<() => Promise<{ status: number }>> => [
    () => who.api.spaces.getRevisionOfChangeRequestById(space, ref),
    () => who.api.spaces.listPagesInChangeRequest(space, ref),
    () => who.api.spaces.getPageInChangeRequestById(space, ref, draft),
    () => who.api.spaces.getPageInChangeRequestByPath(space, ref, encodeURIComponent(draftPath)),
    () => who.api.spaces.listFilesInChangeRequestById(space, ref),
    () => who.api.spaces.getFileInChangeRequestById(space, ref, draftFile)
  ]

  it("a reader reads every one", async () => {
    for (const read of everyRead(carl, cr.id)) expect((await read()).status).toBe(200)
  })

  it("an outsider gets 404 from every one, by id and by number", async () => {
    for (const ref of refs()) for (const read of everyRead(eve, ref)) await expectFailure(read(), 404)
  })

  it("an unknown change request, by id or number, is 404", async () => {
    for (const ref of ["unknownChangeRequest", "99"]) for (const read of everyRead(ada, ref)) await expectFailure(read(), 404)
  })
})

/** A GET of the API with carl's token (or `token`), headers added. */
const get = (path: string, headers: Record<string, string> = {}, token = carl.token) =>
  fetch(`${server.url}/v1${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } })

describe("ETag and If-None-Match", () => {
  /** Every content read, with what its Cache-Control must be. */
  const reads = async () => {
    const revision = (await ada.api.spaces.getSpaceById(space)).data.revision
    const introPath = ((await ada.api.spaces.getPageById(space, intro)).data as any).path as string
    const base = `/spaces/${space}`
    const crBase = `${base}/change-requests/${cr.id}/content`
    const current = [
      `${base}/content`,
      `${base}/content/pages`,
      `${base}/content/page/${intro}`,
      `${base}/content/path/${encodeURIComponent(introPath)}`,
      `${base}/content/files`,
      `${base}/content/files/${notes}`,
      crBase,
      `${crBase}/pages`,
      `${crBase}/page/${draft}`,
      `${crBase}/path/${encodeURIComponent(draftPath)}`,
      `${crBase}/files`,
      `${crBase}/files/${draftFile}`
    ]
    const immutable = [`${base}/revisions/${revision}`, `${base}/revisions/${revision}/pages`, `${base}/revisions/${revision}/page/${intro}`]
    return [
      ...current.map((path) => ({ path, cacheControl: "private, no-cache" })),
      ...immutable.map((path) => ({ path, cacheControl: "private, max-age=31536000, immutable" }))
    ]
  }

  it("every content read carries a strong ETag, the same twice, and answers 304 without a body to it", async () => {
    const all = await reads()
    expect(all).toHaveLength(15)
    const tags = new Map<string, string>()
    for (const { path, cacheControl } of all) {
      const first = await get(path)
      expect(first.status, path).toBe(200)
      const tag = first.headers.get("etag")!
      expect(tag, path).toMatch(/^"[A-Za-z0-9_.-]+"$/)
      expect(first.headers.get("cache-control"), path).toBe(cacheControl)
      await first.json()
      const again = await get(path)
      expect(again.headers.get("etag"), path).toBe(tag)
      await again.arrayBuffer()
      const notModified = await get(path, { "if-none-match": tag })
      expect(notModified.status, path).toBe(304)
      expect(await notModified.text(), path).toBe("")
      expect(notModified.headers.get("etag"), path).toBe(tag)
      expect(notModified.headers.get("cache-control"), path).toBe(cacheControl)
      tags.set(path, tag)
    }
    // Each read is its own representation, but a read of the space's current revision is the
    // read of that revision by its id: the same answer, the same tag.
    const [content, pages, page, ...rest] = [...tags.values()]
    expect(rest.slice(-3)).toEqual([content, pages, page])
    expect(new Set(tags.values()).size).toBe(12)
  })

  it("the tag names the revision the content came from and what was asked", async () => {
    const revision = (await ada.api.spaces.getChangeRequestById(space, cr.id)).data.revision
    const crBase = `/spaces/${space}/change-requests/${cr.id}/content`
    const tagOf = async (path: string) => {
      const response = await get(path)
      await response.arrayBuffer()
      return response.headers.get("etag")!
    }
    expect(await tagOf(crBase)).toMatch(new RegExp(`^"${revision}\\.`))
    // By id and by number: the same revision, the same answer.
    expect(await tagOf(crBase)).toBe(await tagOf(`/spaces/${space}/change-requests/${cr.number}/content`))
    // format=markdown changes nothing in the answer (markdown is always there), so nothing in the tag.
    expect(await tagOf(`${crBase}/page/${draft}?format=markdown`)).toBe(await tagOf(`${crBase}/page/${draft}`))
    const pages = new Set([
      await tagOf(`${crBase}/files`),
      await tagOf(`${crBase}/files?limit=1`),
      await tagOf(`${crBase}/files?limit=1&page=1`)
    ])
    expect(pages.size).toBe(3)
    expect(await tagOf(`${crBase}/files?limit=50`)).toBe(await tagOf(`${crBase}/files`))
  })

  it("after a write to the change request the old tag no longer matches: 200 with the new content and tag", async () => {
    const path = `/spaces/${space}/change-requests/${cr.id}/content/page/${draft}`
    const before = await get(path)
    const tag = before.headers.get("etag")!
    expect(((await before.json()) as any).markdown).toContain("Not yet.")
    expect((await get(path, { "if-none-match": tag })).status).toBe(304)
    await write(cr.id, [{ operation: "update_page", page: draft, document: { markdown: "Now." } }])
    const after = await get(path, { "if-none-match": tag })
    expect(after.status).toBe(200)
    expect(((await after.json()) as any).markdown).toContain("Now.")
    const newTag = after.headers.get("etag")!
    expect(newTag).not.toBe(tag)
    expect((await get(path, { "if-none-match": newTag })).status).toBe(304)
  })

  it("a revision named in the path keeps its tag when the space moves on, and is cached as immutable", async () => {
    const revision = (await ada.api.spaces.getSpaceById(space)).data.revision
    const path = `/spaces/${space}/revisions/${revision}/page/${intro}`
    const before = await get(path)
    const tag = before.headers.get("etag")!
    await before.arrayBuffer()
    expect(before.headers.get("cache-control")).toBe("private, max-age=31536000, immutable")
    const other = (await ada.api.spaces.createChangeRequest(space, { subject: "Move on" })).data
    await write(other.id, [{ operation: "update_page", page: intro, document: { markdown: "Hello again." } }])
    expect((await ada.api.spaces.mergeChangeRequest(space, other.id)).data.result).toBe("merge")
    expect((await ada.api.spaces.getSpaceById(space)).data.revision).not.toBe(revision)
    const after = await get(path)
    expect(after.headers.get("etag")).toBe(tag)
    expect(((await after.json()) as any).markdown).toContain("Hello.")
    expect((await get(path, { "if-none-match": tag })).status).toBe(304)
    // The space's current page did move on: its tag is another.
    const current = await get(`/spaces/${space}/content/page/${intro}`, { "if-none-match": tag })
    expect(current.status).toBe(200)
    expect(((await current.json()) as any).markdown).toContain("Hello again.")
  })

  it("a weak tag, a list of tags and * match; other tags and malformed headers do not", async () => {
    const path = `/spaces/${space}/change-requests/${cr.number}/content/pages`
    const first = await get(path)
    await first.arrayBuffer()
    const tag = first.headers.get("etag")!
    for (const header of [`W/${tag}`, `"nope", ${tag}`, `"a", W/${tag} , "b"`, "*"]) {
      const response = await get(path, { "if-none-match": header })
      expect(response.status, header).toBe(304)
      expect(await response.text(), header).toBe("")
    }
    for (const header of ['"nope"', `W/"nope", "other"`, tag.slice(1, -1), `${tag} garbage`, `*, ${tag}`]) {
      const response = await get(path, { "if-none-match": header })
      expect(response.status, header).toBe(200)
      expect(((await response.json()) as any).pages).toHaveLength(1)
    }
  })

  it("the precondition never hides an error: 404 for an outsider or a missing page, 400 for format=document, also with *", async () => {
    const path = `/spaces/${space}/change-requests/${cr.id}/content/page/${draft}`
    const response = await get(path)
    await response.arrayBuffer()
    const tag = response.headers.get("etag")!
    for (const header of [tag, "*"]) {
      expect((await get(path, { "if-none-match": header }, eve.token)).status, header).toBe(404)
      expect((await get(`${path}?format=document`, { "if-none-match": header })).status, header).toBe(400)
      const missing = await get(`/spaces/${space}/change-requests/${cr.id}/content/page/unknownPage00000000`, { "if-none-match": "*" })
      expect(missing.status, header).toBe(404)
      expect(((await missing.json()) as any).error.code).toBe(404)
    }
    const noToken = await fetch(`${server.url}/v1${path}`, { headers: { "if-none-match": tag } })
    expect(noToken.status).toBe(401)
  })
})

it("exercised every change request content operation", () => {
  expect(notExercised(operationsByArea.changeRequestContent)).toEqual([])
})
