import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeAcme, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import type { ChangeRequestContentUpdate } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * A space's links over HTTP, on SQLite (Quire's operations: the official spec has none, so
 * the tests check the bodies). ada administers Acme, carl reads in it, eve is outside. The
 * space holds Intro (linking to Guide, to Gone, deleted since, to a file, to a site and to
 * the app itself), Guide and Other (which use the same file), merged from a change request;
 * a second change request deletes Guide.
 */
let server: RunningServer
let ada: Principal
let carl: Principal
let eve: Principal
let space: string
let intro: string
let guide: string
let gone: string
let other: string
let file: string
let unused: string
let cr: { id: string; number: number }
let appUrl: string

const get = (who: Principal | undefined, path: string) => rawCall(server.url, who?.token, "GET", path)

beforeAll(async () => {
  server = await startServer()
  const people = await makeAcme(server)
  ;({ ada, carl, eve } = people)
  const acme = people.acme
  space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data.id
  appUrl = `${server.url}/s/${space}/somewhere`
  const first = (await ada.api.spaces.createChangeRequest(space, { subject: "Pages" })).data
  const write = async (id: string, changes: Array<unknown>) =>
    (await ada.api.spaces.updateChangeRequestContent(space, id, { changes } as any, { compat: false })).data as ChangeRequestContentUpdate
  const pageOf = (update: ChangeRequestContentUpdate, i: number) => (update.changes[i]!.page as unknown as { id: string }).id
  const made = await write(first.id, [
    { operation: "insert_page", title: "Guide", document: { markdown: "The guide." } },
    { operation: "insert_page", title: "Gone", document: { markdown: "Soon gone." } },
    {
      operation: "insert_files",
      files: [
        { name: "diagram.txt", contentType: "text/plain", base64: "aGVsbG8=" },
        { name: "unused.txt", contentType: "text/plain", base64: "aGVsbG8=" }
      ]
    }
  ])
  guide = pageOf(made, 0)
  gone = pageOf(made, 1)
  file = made.insertedFiles!.find((f) => f.name === "diagram.txt")!.id
  unused = made.insertedFiles!.find((f) => f.name === "unused.txt")!.id
  const linking = await write(first.id, [
    {
      operation: "insert_page",
      title: "Intro",
      document: {
        markdown: [
          `See [the guide](/pages/${guide}), [what was](/pages/${gone}) and [setup](/pages/${guide}#setup).`,
          `![diagram](/files/${file}), [a site](https://example.com/docs), [the app](${appUrl}), [top](#top).`,
          `[the guide again](/pages/${guide})`
        ].join("\n\n")
      }
    },
    { operation: "insert_page", title: "Other", document: { markdown: `[download](/files/${file})` } }
  ])
  intro = pageOf(linking, 0)
  other = pageOf(linking, 1)
  await write(first.id, [{ operation: "delete_page", page: gone }])
  expect((await ada.api.spaces.mergeChangeRequest(space, first.id)).data.result).toBe("merge")
  const second = (await ada.api.spaces.createChangeRequest(space, { subject: "No guide" })).data
  await write(second.id, [{ operation: "delete_page", page: guide }])
  cr = { id: second.id, number: second.number }
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const pageRef = (page: string) => ({ kind: "page", space, page })

describe("a space's links", () => {
  it("one link per distinct target with the pages it is in; broken, in-app and ok; stats of them all", async () => {
    const { status, body } = await get(carl, `/spaces/${space}/links`)
    expect(status).toBe(200)
    expect(body.items).toEqual([
      { status: "ok", targetReference: pageRef(guide), locationReferences: [pageRef(intro)] },
      { status: "broken", targetReference: pageRef(gone), locationReferences: [pageRef(intro)] },
      { status: "ok", targetReference: { kind: "anchor", space, page: guide, anchor: "setup" }, locationReferences: [pageRef(intro)] },
      { status: "ok", targetReference: { kind: "file", space, file }, locationReferences: [pageRef(intro), pageRef(other)] },
      { status: "ok", targetReference: { kind: "url", url: "https://example.com/docs" }, locationReferences: [pageRef(intro)] },
      { status: "in-app", targetReference: { kind: "url", url: appUrl }, locationReferences: [pageRef(intro)] }
    ])
    expect(body).toMatchObject({ count: 6, stats: { total: 6, broken: { total: 1, changeRequest: 0 } } })
    expect(body.next).toBeUndefined()
  })

  it("status filters the items and the count, never the stats", async () => {
    const statuses = async (status: string) => {
      const { body } = await get(carl, `/spaces/${space}/links?status=${status}`)
      expect(body.stats).toEqual({ total: 6, broken: { total: 1, changeRequest: 0 } })
      expect(body.count).toBe(body.items.length)
      return body.items.map((link: any) => link.targetReference.page ?? link.targetReference.file ?? link.targetReference.url)
    }
    expect(await statuses("broken")).toEqual([gone])
    expect(await statuses("in-app")).toEqual([appUrl])
    expect(await statuses("ok")).toEqual([guide, guide, file, "https://example.com/docs"])
  })

  it("pages by limit, each item once, next absent on the last page", async () => {
    const whole = (await get(carl, `/spaces/${space}/links?limit=1000`)).body
    const walked: Array<unknown> = []
    let page: string | undefined
    let pages = 0
    do {
      const { body } = await get(carl, `/spaces/${space}/links?limit=4${page === undefined ? "" : `&page=${page}`}`)
      expect(body.count).toBe(6)
      walked.push(...body.items)
      page = body.next?.page
      pages++
    } while (page !== undefined && pages < 10)
    expect(pages).toBe(2)
    expect(walked).toEqual(whole.items)
  })

  it("an unknown status, a bad limit or page token is 400 naming it", async () => {
    for (const [query, field] of [
      ["status=dead", "status"],
      ["status=", "status"],
      ["limit=0", "limit"],
      ["limit=1001", "limit"],
      ["limit=ten", "limit"],
      ["page=garbage", "page"],
      ["page=99", "page"]
    ]) {
      const { status, body } = await get(carl, `/spaces/${space}/links?${query}`)
      expect([query, status, body.error.field]).toEqual([query, 400, field])
    }
    const { body } = await get(carl, `/spaces/${space}/content/page/${intro}/links?status=dead`)
    expect(body.error).toMatchObject({ code: 400, field: "status", message: expect.stringMatching(/"status": must be ok, broken or in-app$/) })
  })
})

describe("a page's links", () => {
  it("the links of one page, each located there only", async () => {
    const { status, body } = await get(carl, `/spaces/${space}/content/page/${other}/links`)
    expect(status).toBe(200)
    expect(body).toEqual({
      count: 1,
      items: [{ status: "ok", targetReference: { kind: "file", space, file }, locationReferences: [pageRef(other)] }],
      stats: { total: 1, broken: { total: 0, changeRequest: 0 } }
    })
    const intros = (await get(carl, `/spaces/${space}/content/page/${intro}/links?status=broken`)).body
    expect(intros).toMatchObject({ count: 1, items: [{ targetReference: pageRef(gone) }], stats: { total: 6, broken: { total: 1 } } })
    expect((await get(carl, `/spaces/${space}/content/page/${guide}/links`)).body).toMatchObject({ count: 0, items: [] })
  })

  it("an unknown page is 404", async () => {
    expect((await get(carl, `/spaces/${space}/content/page/${gone}/links`)).status).toBe(404)
  })
})

describe("a file's backlinks", () => {
  it("one per page that uses the file, in the space's revision", async () => {
    const revision = (await carl.api.spaces.getSpaceById(space)).data.revision
    const { status, body } = await get(carl, `/spaces/${space}/content/files/${file}/backlinks`)
    expect(status).toBe(200)
    const organization = (await carl.api.spaces.getSpaceById(space)).data.organization
    const backlink = (page: string) => ({ kind: "file", organization, space, versionContext: { type: "revision", revision }, file, page })
    expect(body).toEqual({ count: 2, items: [backlink(intro), backlink(other)] })
    const first = (await get(carl, `/spaces/${space}/content/files/${file}/backlinks?limit=1`)).body
    expect(first).toEqual({ count: 2, next: { page: "1" }, items: [backlink(intro)] })
    expect((await get(carl, `/spaces/${space}/content/files/${file}/backlinks?limit=1&page=1`)).body.items).toEqual([backlink(other)])
  })

  it("an unused file has none; an unknown file is 404; a bad limit is 400 naming it", async () => {
    expect((await get(carl, `/spaces/${space}/content/files/${unused}/backlinks`)).body).toEqual({ count: 0, items: [] })
    expect((await get(carl, `/spaces/${space}/content/files/unknownFile00000000/backlinks`)).status).toBe(404)
    const { status, body } = await get(carl, `/spaces/${space}/content/files/${file}/backlinks?limit=0`)
    expect([status, body.error.field]).toEqual([400, "limit"])
  })
})

describe("in a change request", () => {
  it("links are the change request's own: a page it deleted breaks the links to it, counted as its doing", async () => {
    for (const ref of [cr.id, String(cr.number)]) {
      const { status, body } = await get(carl, `/spaces/${space}/change-requests/${ref}/content/page/${intro}/links`)
      expect(status).toBe(200)
      expect(body.items.map((link: any) => [link.targetReference.page ?? link.targetReference.file ?? link.targetReference.url, link.status])).toEqual([
        [guide, "broken"],
        [gone, "broken"],
        [guide, "broken"],
        [file, "ok"],
        ["https://example.com/docs", "ok"],
        [appUrl, "in-app"]
      ])
      expect(body.stats).toEqual({ total: 6, broken: { total: 3, changeRequest: 2 } })
    }
    const inSpace = (await get(carl, `/spaces/${space}/content/page/${intro}/links`)).body
    expect(inSpace.stats).toEqual({ total: 6, broken: { total: 1, changeRequest: 0 } })
    const broken = (await get(carl, `/spaces/${space}/change-requests/${cr.number}/content/page/${intro}/links?status=broken`)).body
    expect(broken.count).toBe(3)
    expect((await get(carl, `/spaces/${space}/change-requests/${cr.number}/content/page/${guide}/links`)).status).toBe(404)
  })

  it("backlinks are of the change request's revision", async () => {
    const revision = (await carl.api.spaces.getChangeRequestById(space, cr.id)).data.revision
    const { status, body } = await get(carl, `/spaces/${space}/change-requests/${cr.number}/content/files/${file}/backlinks`)
    expect(status).toBe(200)
    expect(body.count).toBe(2)
    expect(body.items.map((b: any) => [b.page, b.versionContext.revision])).toEqual([
      [intro, revision],
      [other, revision]
    ])
    expect((await get(carl, `/spaces/${space}/change-requests/99/content/files/${file}/backlinks`)).status).toBe(404)
  })
})

describe("who may read", () => {
  it("an outsider gets 404 from every link read, and without a token every one is 401", async () => {
    const paths = [
      `/spaces/${space}/links`,
      `/spaces/${space}/content/page/${intro}/links`,
      `/spaces/${space}/content/files/${file}/backlinks`,
      `/spaces/${space}/change-requests/${cr.number}/content/page/${intro}/links`,
      `/spaces/${space}/change-requests/${cr.id}/content/files/${file}/backlinks`
    ]
    for (const path of paths) {
      expect([path, (await get(eve, path)).status]).toEqual([path, 404])
      expect([path, (await get(undefined, path)).status]).toEqual([path, 401])
    }
    await expectFailure(eve.api.spaces.getSpaceById(space), 404)
  })
})

it("exercised every link operation", () => {
  expect(notExercised(operationsByArea.links)).toEqual([])
})
