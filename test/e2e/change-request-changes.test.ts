import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeAcmeWithEditor, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import type { ChangeRequest, ChangeRequestContentUpdate, Space } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * What a change request changes (`getChangeRequestChanges`), what a revision changed
 * (`getRevisionSemanticChanges`) and who wrote to a change request
 * (`getContributorsByChangeRequestId`), through the official client on SQLite. ada administers
 * Acme, bob edits in it, carl reads, eve is outside. Every answer is checked against the official spec.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let carl: Principal
let eve: Principal
let acme: string

beforeAll(async () => {
  server = await startServer()
  ;({ ada, bob, carl, eve, acme } = await makeAcmeWithEditor(server))
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

type Change = Parameters<Principal["api"]["spaces"]["updateChangeRequestContent"]>[2]["changes"][number]

const create = async (who: Principal, space: Space, subject: string): Promise<ChangeRequest> =>
  (await who.api.spaces.createChangeRequest(space.id, { subject })).data

const write = async (who: Principal, space: Space, ref: string, changes: ReadonlyArray<Change>) =>
  (await who.api.spaces.updateChangeRequestContent(space.id, ref, { changes: [...changes] }, { compat: false }))
    .data as ChangeRequestContentUpdate

const idOf = (update: ChangeRequestContentUpdate, index: number) => (update.changes[index]!.page as unknown as { id: string }).id

/** Each change as `type id`, in the answer's order. */
const summary = (changes: ReadonlyArray<any>) => changes.map((c) => `${c.type} ${c.page?.id ?? c.file?.id}`)

describe("a change request's changes and contributors", () => {
  let space: Space
  let intro: string
  let old: string
  let guide: string
  let cr: ChangeRequest

  beforeAll(async () => {
    space = (await ada.api.orgs.createSpace(acme, { title: "Handbook" })).data
    // The space's content: Intro, Old and Guide, merged from a first change request.
    const seed = await create(ada, space, "Seed")
    const seeded = await write(ada, space, seed.id, [
      { operation: "insert_page", title: "Intro", document: { markdown: "Hello." } },
      { operation: "insert_page", title: "Old", document: { markdown: "Stale." } },
      { operation: "insert_page", title: "Guide", document: { markdown: "How to." } }
    ])
    ;[intro, old, guide] = [idOf(seeded, 0), idOf(seeded, 1), idOf(seeded, 2)]
    expect((await ada.api.spaces.mergeChangeRequest(space.id, seed.id)).data.result).toBe("merge")
    // Made by ada, first written to by bob.
    cr = await create(ada, space, "Rework")
  })

  it("getContributorsByChangeRequestId: nobody before anything is written, not even the creator", async () => {
    const response = await carl.api.spaces.getContributorsByChangeRequestId(space.id, cr.id)
    expect(response.status).toBe(200)
    expect(response.data).toEqual({ items: [], count: 0 })
  })

  let file: string
  let faq: string

  it("getChangeRequestChanges lists pages created, edited, deleted and moved, and files created", async () => {
    expect((await carl.api.spaces.getChangeRequestChanges(space.id, cr.id)).data).toEqual({ changes: [] })
    const update = await write(bob, space, cr.id, [
      { operation: "insert_page", title: "FAQ", document: { markdown: "Ask." } },
      { operation: "update_page", page: intro, title: "Introduction", document: { markdown: "Hello, reader." } },
      { operation: "delete_page", page: old },
      { operation: "update_page", page: guide, into: intro } as Change,
      { operation: "insert_files", files: [{ name: "notes.txt", contentType: "text/plain", base64: "aGVsbG8=" }] }
    ])
    faq = idOf(update, 0)
    file = update.insertedFiles![0]!.id
    const response = await carl.api.spaces.getChangeRequestChanges(space.id, String(cr.number))
    expect(response.status).toBe(200)
    const changes = response.data.changes as ReadonlyArray<any>
    expect(summary(changes).sort()).toEqual(
      [`page_created ${faq}`, `page_edited ${intro}`, `page_deleted ${old}`, `page_moved ${guide}`, `file_created ${file}`].sort()
    )
    expect(changes.find((c) => c.type === "page_edited")).toMatchObject({
      page: { id: intro, title: "Introduction", type: "document" },
      attributes: { title: { before: "Intro", after: "Introduction" }, document: expect.any(Object) }
    })
    expect(changes.find((c) => c.type === "page_moved")).toMatchObject({ parent: { after: { id: intro, title: "Introduction" } } })
    expect(changes.find((c) => c.type === "file_created")).toMatchObject({
      file: { id: file, name: "notes.txt", contentType: "text/plain", downloadURL: expect.any(String) }
    })
    expect(response.data.more).toBeUndefined()
  })

  it("getChangeRequestChanges: `limit` cuts the list and `more` counts the rest; a bad limit is 400 naming limit", async () => {
    const all = (await carl.api.spaces.getChangeRequestChanges(space.id, cr.id)).data.changes
    const two = (await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 2 })).data
    expect(two).toEqual({ changes: all.slice(0, 2), more: all.length - 2 })
    expect((await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 1000 })).data).toEqual({ changes: all })
    for (const limit of ["0", "-1", "1.5", "1001", "ten", ""]) {
      const response = await rawCall(server.url, carl.token, "GET", `/spaces/${space.id}/change-requests/${cr.id}/changes?limit=${limit}`)
      expect(response, limit).toMatchObject({ status: 400, body: { error: { code: 400, field: "limit" } } })
    }
  })

  it("the space's later changes are not the change request's", async () => {
    const other = await create(ada, space, "Elsewhere")
    await write(ada, space, other.id, [{ operation: "insert_page", title: "Later", document: { markdown: "Later." } }])
    expect((await ada.api.spaces.mergeChangeRequest(space.id, other.id)).data.result).toBe("merge")
    expect((await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 100 })).data.changes).toHaveLength(5)
    // Nor are they once the change request takes them in.
    expect((await bob.api.spaces.updateChangeRequest(space.id, cr.id)).data.result).toBe("update")
    expect((await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 100 })).data.changes).toHaveLength(5)
  })

  it("getContributorsByChangeRequestId: the users who wrote to it or updated it, once each, by first write", async () => {
    await write(ada, space, cr.id, [{ operation: "update_page", page: faq, title: "Questions" }])
    await write(bob, space, cr.id, [{ operation: "update_page", page: faq, title: "FAQ" }])
    const response = await carl.api.spaces.getContributorsByChangeRequestId(space.id, String(cr.number))
    expect(response.status).toBe(200)
    // Bob: a batch, the update from the space, a batch. Ada: one batch.
    expect(response.data).toEqual({
      items: [
        { user: expect.objectContaining({ id: bob.user.id }), count: 3, updatedAt: expect.any(String), actionType: "edit" },
        { user: expect.objectContaining({ id: ada.user.id }), count: 1, updatedAt: expect.any(String), actionType: "edit" }
      ],
      count: 2
    })
    const [bobs, adas] = response.data.items
    expect(Date.parse(bobs!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(adas!.updatedAt))
  })

  it("getRevisionSemanticChanges of the merge revision: what the merge brought into the space, and the change request", async () => {
    const ours = (await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 100 })).data.changes
    const merged = (await ada.api.spaces.mergeChangeRequest(space.id, cr.id)).data
    expect(merged.result).toBe("merge")
    const response = await carl.api.spaces.getRevisionSemanticChanges(space.id, merged.revision, { limit: 100 })
    expect(response.status).toBe(200)
    // The same changes; a file links to where it is read: the change request's content, the space's.
    const downloads = (changes: ReadonlyArray<any>) => changes.flatMap((c) => ("file" in c ? [c.file.downloadURL as string] : []))
    const withoutDownloads = (changes: ReadonlyArray<any>) =>
      changes.map((c) => ("file" in c ? { ...c, file: { ...c.file, downloadURL: undefined } } : c))
    expect(withoutDownloads(response.data.changes)).toEqual(withoutDownloads(ours))
    expect(downloads(ours).length).toBeGreaterThan(0)
    for (const url of downloads(ours)) expect(url).toContain(`/change-requests/${cr.id}/content/files/`)
    for (const url of downloads(response.data.changes)) expect(url).toContain(`/spaces/${space.id}/content/files/`)
    expect(response.data.mergedFrom).toMatchObject({ id: cr.id, status: "merged", revisionMerged: merged.revision })
    // Merged: its changes stay those it merged.
    expect((await carl.api.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 100 })).data.changes).toEqual(ours)
    const limited = (await carl.api.spaces.getRevisionSemanticChanges(space.id, merged.revision, { limit: 1, metadata: false, computed: false })).data
    expect(limited).toMatchObject({ changes: response.data.changes.slice(0, 1), more: ours.length - 1 })
    const bad = await rawCall(server.url, carl.token, "GET", `/spaces/${space.id}/revisions/${merged.revision}/changes?limit=0`)
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 400, field: "limit" } } })
  })

  it("getRevisionSemanticChanges of a new space's first revision: no changes; of a revision the space never had: 404", async () => {
    const fresh = (await ada.api.orgs.createSpace(acme, { title: "Fresh" })).data
    const response = await carl.api.spaces.getRevisionSemanticChanges(fresh.id, fresh.revision)
    expect(response.data).toEqual({ changes: [] })
    await expectFailure(carl.api.spaces.getRevisionSemanticChanges(fresh.id, "unknownRevision0000"), 404)
  })

  it("readers read all three; outsiders and unknown change requests are 404", async () => {
    const revision = (await ada.api.spaces.getSpaceById(space.id)).data.revision
    await expectFailure(eve.api.spaces.getChangeRequestChanges(space.id, cr.id), 404)
    await expectFailure(eve.api.spaces.getContributorsByChangeRequestId(space.id, cr.id), 404)
    await expectFailure(eve.api.spaces.getRevisionSemanticChanges(space.id, revision), 404)
    await expectFailure(carl.api.spaces.getChangeRequestChanges(space.id, "99"), 404)
    await expectFailure(carl.api.spaces.getContributorsByChangeRequestId(space.id, "unknownChangeReq000"), 404)
  })
})

it("exercised every operation of change request changes", () => {
  expect(notExercised(operationsByArea.changeRequestChanges)).toEqual([])
})
