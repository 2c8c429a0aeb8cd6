import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { expectFailure, makeAcme, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import type { ChangeRequestContentUpdate } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Reading a space's content through the official client, on SQLite. ada administers Acme,
 * carl reads in it, eve is outside. The space holds Intro and, below it, Deep, merged from a
 * change request; every answer is checked against the official spec.
 */
let server: RunningServer
let ada: Principal
let carl: Principal
let eve: Principal
let space: string
let initial: string
let intro: string
let deep: string
let file: string

beforeAll(async () => {
  server = await startServer()
  const people = await makeAcme(server)
  ;({ ada, carl, eve } = people)
  const acme = people.acme
  const created = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data
  space = created.id
  initial = created.revision
  const cr = (await ada.api.spaces.createChangeRequest(space, { subject: "Pages" })).data
  const write = async (changes: Array<unknown>) =>
    (await ada.api.spaces.updateChangeRequestContent(space, cr.id, { changes } as any, { compat: false }))
      .data as ChangeRequestContentUpdate
  const above = await write([
    { operation: "insert_page", title: "Intro", document: { markdown: "Hello." } },
    { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: "aGVsbG8=" }] }
  ])
  intro = (above.changes[0]!.page as unknown as { id: string }).id
  file = above.insertedFiles![0]!.id
  const below = await write([{ operation: "insert_page", title: "Deep", into: intro, document: { markdown: "Below." } }])
  deep = (below.changes[0]!.page as unknown as { id: string }).id
  expect((await ada.api.spaces.mergeChangeRequest(space, cr.id)).data.result).toBe("merge")
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

describe("the current content", () => {
  it("getCurrentRevision: the merge revision, its pages nested, the change request it came from", async () => {
    const revision = (await carl.api.spaces.getCurrentRevision(space)).data as any
    expect(revision).toMatchObject({ object: "revision", type: "merge", mergedFrom: { subject: "Pages", status: "merged" } })
    expect(revision.id).toBe((await ada.api.spaces.getSpaceById(space)).data.revision)
    expect(revision.pages.map((p: any) => p.title)).toEqual(["Intro"])
    expect(revision.pages[0].pages.map((p: any) => [p.title, p.path])).toEqual([["Deep", expect.stringMatching(/\/deep$/)]])
    expect(revision.files.map((f: any) => f.id)).toEqual([file])
  })

  it("listPages: the page tree", async () => {
    const pages = (await carl.api.spaces.listPages(space)).data.pages as Array<any>
    expect(pages.map((p) => [p.id, p.title])).toEqual([[intro, "Intro"]])
    expect(pages[0].pages.map((p: any) => p.id)).toEqual([deep])
  })

  it("getPageById: the page with its markdown (always: the spec has no page without a body); document is refused naming format", async () => {
    const plain = (await carl.api.spaces.getPageById(space, deep)).data as any
    expect(plain).toMatchObject({ id: deep, title: "Deep", type: "document" })
    expect(plain.markdown).toContain("Below.")
    const withMarkdown = (await carl.api.spaces.getPageById(space, deep, { format: "markdown" } as any)).data as any
    expect(withMarkdown.markdown).toContain("Below.")
    await expectFailure(carl.api.spaces.getPageById(space, deep, { format: "document" } as any), 400, /format/)
    await expectFailure(carl.api.spaces.getPageById(space, "unknownPage00000000"), 404)
  })

  it("getPageByPath: the path URL-encoded; the empty path is the first page", async () => {
    const page = (await carl.api.spaces.getPageById(space, deep)).data as any
    const byPath = (await carl.api.spaces.getPageByPath(space, encodeURIComponent(page.path), { format: "markdown" } as any))
      .data as any
    expect(byPath).toMatchObject({ id: deep, title: "Deep", path: page.path })
    expect(byPath.markdown).toContain("Below.")
    const first = (await carl.api.spaces.getPageById(space, intro)).data as any
    expect((await carl.api.spaces.getPageByPath(space, encodeURIComponent(first.path))).data.id).toBe(intro)
    await expectFailure(carl.api.spaces.getPageByPath(space, "nowhere"), 404)
  })

  it("listFiles and getFileById: the file the change request inserted; an unknown file is 404", async () => {
    const files = (await carl.api.spaces.listFiles(space)).data
    expect(files).toMatchObject({ count: 1, items: [{ id: file, name: "notes.txt", size: 5 }] })
    expect((await carl.api.spaces.getFileById(space, file)).data).toEqual(files.items[0])
    const one = (await carl.api.spaces.listFiles(space, { limit: 1 })).data
    expect(one.next).toBeUndefined()
    await expectFailure(carl.api.spaces.listFiles(space, { limit: 0 }), 400, /limit/)
    await expectFailure(carl.api.spaces.getFileById(space, "unknownFile00000000"), 404)
  })
})

describe("revisions", () => {
  it("getRevisionById, listPagesInRevisionById, getPageInRevisionById read a past revision", async () => {
    const current = (await carl.api.spaces.getCurrentRevision(space)).data
    expect((await carl.api.spaces.getRevisionById(space, current.id)).data).toEqual(current)
    const past = (await carl.api.spaces.getRevisionById(space, initial)).data
    expect(past).toMatchObject({ id: initial, pages: [] })
    expect((await carl.api.spaces.listPagesInRevisionById(space, initial)).data.pages).toEqual([])
    expect((await carl.api.spaces.listPagesInRevisionById(space, current.id)).data.pages.map((p) => p.title)).toEqual(["Intro"])
    const page = (await carl.api.spaces.getPageInRevisionById(space, current.id, deep, { format: "markdown" } as any)).data as any
    expect(page).toMatchObject({ id: deep, title: "Deep" })
    expect(page.markdown).toContain("Below.")
    await expectFailure(carl.api.spaces.getPageInRevisionById(space, initial, deep), 404)
    await expectFailure(carl.api.spaces.getRevisionById(space, "unknownRevision0000"), 404)
    await expectFailure(carl.api.spaces.listPagesInRevisionById(space, "unknownRevision0000"), 404)
  })

  it("getPageInRevisionByPath, listFilesInRevisionById, getFileInRevisionById read a past revision as the current content reads", async () => {
    const current = (await carl.api.spaces.getCurrentRevision(space)).data.id
    const byPath = (await carl.api.spaces.getPageInRevisionByPath(space, current, encodeURIComponent("intro/deep"), { format: "markdown" } as any)).data as any
    expect(byPath).toEqual((await carl.api.spaces.getPageInRevisionById(space, current, deep, { format: "markdown" } as any)).data)
    expect(((await carl.api.spaces.getPageInRevisionByPath(space, current, "intro")).data as any).id).toBe(intro)
    await expectFailure(carl.api.spaces.getPageInRevisionByPath(space, initial, "intro"), 404)
    await expectFailure(carl.api.spaces.getPageInRevisionByPath(space, current, "intro", { format: "document" } as any), 400, /format/)

    const files = (await carl.api.spaces.listFilesInRevisionById(space, current)).data
    expect(files.items.map((f) => f.id)).toEqual([file])
    expect(files).toEqual((await carl.api.spaces.listFiles(space)).data)
    expect((await carl.api.spaces.listFilesInRevisionById(space, initial)).data.items).toEqual([])
    await expectFailure(carl.api.spaces.listFilesInRevisionById(space, current, { limit: 0 }), 400, /limit/)
    expect((await carl.api.spaces.getFileInRevisionById(space, current, file)).data).toEqual((await carl.api.spaces.getFileById(space, file)).data)
    await expectFailure(carl.api.spaces.getFileInRevisionById(space, initial, file), 404)
    await expectFailure(carl.api.spaces.getFileInRevisionById(space, "unknownRevision0000", file), 404)
  })

  it("a revision read by id is immutable; the current content is revalidated", async () => {
    const current = (await carl.api.spaces.getCurrentRevision(space)).data.id
    const past = await fetch(`${server.url}/v1/spaces/${space}/revisions/${current}/files`, { headers: { authorization: `Bearer ${carl.token}` } })
    expect(past.headers.get("cache-control")).toBe("private, max-age=31536000, immutable")
    const now = await fetch(`${server.url}/v1/spaces/${space}/content/files`, { headers: { authorization: `Bearer ${carl.token}` } })
    expect(now.headers.get("cache-control")).toBe("private, no-cache")
  })
})

describe("who may read", () => {
  it("an outsider gets 404 from every read", async () => {
    const current = (await ada.api.spaces.getCurrentRevision(space)).data.id
    // Each read made only when awaited: a failure made early would be unhandled until then.
    for (const read of [
      () => eve.api.spaces.getCurrentRevision(space),
      () => eve.api.spaces.listPages(space),
      () => eve.api.spaces.getPageById(space, intro),
      () => eve.api.spaces.getPageByPath(space, "intro"),
      () => eve.api.spaces.listFiles(space),
      () => eve.api.spaces.getFileById(space, "someFile"),
      () => eve.api.spaces.getRevisionById(space, current),
      () => eve.api.spaces.listPagesInRevisionById(space, current),
      () => eve.api.spaces.getPageInRevisionById(space, current, intro),
      () => eve.api.spaces.getPageInRevisionByPath(space, current, "intro"),
      () => eve.api.spaces.listFilesInRevisionById(space, current),
      () => eve.api.spaces.getFileInRevisionById(space, current, file)
    ]) {
      await expectFailure(read(), 404)
    }
  })
})

it("exercised every content read operation", () => {
  expect(notExercised(operationsByArea.contentReads)).toEqual([])
})
