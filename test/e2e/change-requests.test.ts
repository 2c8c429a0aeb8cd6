import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeAcmeWithEditor, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { type ChangeRequest, type ChangeRequestContentUpdate, type Space, SpaceEditMode } from "./support/gitbookTypes.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Change requests through the official client, on SQLite. ada administers Acme, bob edits in
 * it, carl reads, eve is outside. Every answer is checked against the official spec (the
 * merge conflicts, which the spec lacks, against Quire's shape here).
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

const newSpace = async (title: string): Promise<Space> => (await ada.api.orgs.createSpace(acme, { title })).data
const spaceRevision = async (space: Space) => (await ada.api.spaces.getSpaceById(space.id)).data.revision
const create = async (who: Principal, space: Space, subject?: string): Promise<ChangeRequest> =>
  (await who.api.spaces.createChangeRequest(space.id, subject === undefined ? {} : { subject })).data

type Change = Parameters<Principal["api"]["spaces"]["updateChangeRequestContent"]>[2]["changes"][number]

/** Applies a batch with `compat=false`: the change request and the pages the batch touched. */
const write = async (who: Principal, space: Space, ref: string, changes: ReadonlyArray<Change>) =>
  (await who.api.spaces.updateChangeRequestContent(space.id, ref, { changes: [...changes] }, { compat: false }))
    .data as ChangeRequestContentUpdate

/** Inserts a page in a change request and merges it: the space then holds it. Its id. */
const pageInSpace = async (space: Space, title: string, markdown: string) => {
  const cr = await create(ada, space, `Add ${title}`)
  const update = await write(ada, space, cr.id, [{ operation: "insert_page", title, document: { markdown } }])
  expect((await ada.api.spaces.mergeChangeRequest(space.id, cr.id)).data.result).toBe("merge")
  return update.changes[0]!.page as { id: string }
}

const mergeConflicts = (who: Principal, space: Space, ref: string) =>
  rawCall(server.url, who.token, "GET", `/spaces/${space.id}/change-requests/${ref}/merge-conflicts`)

describe("creating, reading and listing", () => {
  let space: Space
  let first: ChangeRequest
  let second: ChangeRequest

  beforeAll(async () => {
    space = await newSpace("Handbook")
  })

  it("createChangeRequest answers 201 with Location, a draft numbered 1, then 2", async () => {
    const response = await rawCall(server.url, bob.token, "POST", `/spaces/${space.id}/change-requests`, { subject: "Fix typos" })
    expect(response.status).toBe(201)
    first = response.body
    expect(response.headers.get("location")).toBe(first.urls.location)
    expect(first).toMatchObject({
      object: "change-request",
      number: 1,
      status: "draft",
      subject: "Fix typos",
      space: space.id,
      createdBy: { id: bob.user.id },
      comments: 0,
      outdated: false
    })
    expect(first.revision).toBe(await spaceRevision(space))
    expect(first.revisionInitial).toBe(first.revision)
    const created = await ada.api.spaces.createChangeRequest(space.id, {})
    expect(created.status).toBe(201)
    second = created.data
    expect(second).toMatchObject({ number: 2, subject: "", status: "draft" })
  })

  it("getChangeRequestById takes the id or the number; readers see it, outsiders and unknown ones are 404", async () => {
    expect((await carl.api.spaces.getChangeRequestById(space.id, first.id)).data).toEqual(first)
    expect((await carl.api.spaces.getChangeRequestById(space.id, "2")).data.id).toBe(second.id)
    expect((await carl.api.spaces.getChangeRequestById(space.id, "1")).data.id).toBe(first.id)
    await expectFailure(carl.api.spaces.getChangeRequestById(space.id, "3"), 404)
    await expectFailure(carl.api.spaces.getChangeRequestById(space.id, "unknownChangeReq000"), 404)
    await expectFailure(eve.api.spaces.getChangeRequestById(space.id, first.id), 404)
    // Digits beyond what a number holds, zero and signs name nothing; a NUL is refused, naming the parameter.
    for (const ref of ["0", "-1", "1.0", "99999999999", "2147483648"]) {
      expect((await rawCall(server.url, carl.token, "GET", `/spaces/${space.id}/change-requests/${ref}`)).status, ref).toBe(404)
    }
    expect((await rawCall(server.url, carl.token, "GET", `/spaces/${space.id}/change-requests/001`)).body.id).toBe(first.id)
    const nul = await rawCall(server.url, carl.token, "GET", `/spaces/${space.id}/change-requests/a%00b`)
    expect(nul).toMatchObject({ status: 400, body: { error: { code: 400, field: "changeRequestId" } } })
    // Another space's change request is not found through this one.
    const other = await newSpace("Other")
    expect((await create(ada, other)).number).toBe(1)
    await expectFailure(ada.api.spaces.getChangeRequestById(other.id, first.id), 404)
  })

  it("createChangeRequest: readers 403, outsiders 404, a subject over 100 characters 400 naming `subject`", async () => {
    await expectFailure(carl.api.spaces.createChangeRequest(space.id, { subject: "Carl's" }), 403)
    await expectFailure(eve.api.spaces.createChangeRequest(space.id, { subject: "Eve's" }), 404)
    await expectFailure(ada.api.spaces.createChangeRequest("unknownSpace0000000", {}), 404)
    await expectFailure(ada.api.spaces.createChangeRequest(space.id, { subject: "x".repeat(101) }), 400, /subject/)
    const refused = await rawCall(server.url, ada.token, "POST", `/spaces/${space.id}/change-requests`, { subject: "x".repeat(101) })
    expect(refused.body).toEqual({ error: { code: 400, message: expect.stringMatching(/100/), field: "subject" } })
    await expectFailure(ada.api.spaces.createChangeRequest(space.id, { subject: 5 } as any), 400, /subject/)
    expect((await create(ada, space, "x".repeat(100))).number).toBe(3)
  })

  it("listChangeRequestsForSpace lists open ones unless asked, the newest first, and filters by creator", async () => {
    expect((await carl.api.spaces.listChangeRequestsForSpace(space.id)).data).toEqual({ items: [], count: 0 })
    const drafts = (await carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "draft" as any })).data
    expect(drafts.items.map((c) => c.number)).toEqual([3, 2, 1])
    expect(drafts.count).toBe(3)
    const bobs = (await carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "draft" as any, creator: bob.user.id })).data
    expect(bobs.items.map((c) => c.id)).toEqual([first.id])
    const paged = (await carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "draft" as any, limit: 2 })).data
    expect(paged.items.map((c) => c.number)).toEqual([3, 2])
    const rest = await carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "draft" as any, limit: 2, page: paged.next!.page })
    expect(rest.data.items.map((c) => c.number)).toEqual([1])
    await expectFailure(carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "closed" as any }), 400, /status/)
    await expectFailure(carl.api.spaces.listChangeRequestsForSpace(space.id, { limit: 0 }), 400, /limit/)
    await expectFailure(eve.api.spaces.listChangeRequestsForSpace(space.id), 404)
  })

  it("updateChangeRequestById moves the status by the rules; a forbidden move is 409 in the error shape", async () => {
    const opened = await bob.api.spaces.updateChangeRequestById(space.id, "1", { status: "open", subject: "Typos, fixed" })
    expect(opened.status).toBe(200)
    expect(opened.data).toMatchObject({ id: first.id, status: "open", subject: "Typos, fixed" })
    expect((await carl.api.spaces.listChangeRequestsForSpace(space.id)).data.items.map((c) => c.id)).toEqual([first.id])
    const archived = await bob.api.spaces.updateChangeRequestById(space.id, first.id, { status: "archived" })
    expect(archived.data.status).toBe("archived")
    expect((await carl.api.spaces.listChangeRequestsForSpace(space.id)).data.count).toBe(0)
    const listed = await carl.api.spaces.listChangeRequestsForSpace(space.id, { status: "archived" as any })
    expect(listed.data.items.map((c) => c.id)).toEqual([first.id])
    const response = await rawCall(server.url, bob.token, "PATCH", `/spaces/${space.id}/change-requests/${first.id}`, { status: "draft" })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ error: { code: 409, message: expect.stringMatching(/archived/) } })
    await expectFailure(bob.api.spaces.updateChangeRequestById(space.id, first.id, { status: "merged" as any }), 400, /status/)
    await expectFailure(bob.api.spaces.updateChangeRequestById(space.id, first.id, { subject: "y".repeat(101) }), 400, /subject/)
    await expectFailure(carl.api.spaces.updateChangeRequestById(space.id, first.id, { status: "open" }), 403)
    await expectFailure(eve.api.spaces.updateChangeRequestById(space.id, first.id, { status: "open" }), 404)
    expect((await bob.api.spaces.updateChangeRequestById(space.id, first.id, { status: "open" })).data.status).toBe("open")
    // Setting the status it has is allowed; what Quire does not keep yet (description, links) is ignored.
    const same = await bob.api.spaces.updateChangeRequestById(space.id, first.id, { status: "open", description: {} as any })
    expect(same.data).toMatchObject({ status: "open", subject: "Typos, fixed" })
    expect(same.data.description).toBeUndefined()
  })
})

describe("content and merging", () => {
  let space: Space

  beforeAll(async () => {
    space = await newSpace("Guides")
  })

  it("updateChangeRequestContent applies a batch; merging makes it the space's content", async () => {
    const cr = await create(bob, space, "Welcome page")
    const compat = await bob.api.spaces.updateChangeRequestContent(space.id, cr.id, {
      changes: [{ operation: "insert_page", title: "Draft", document: { markdown: "Draft." } }]
    })
    // Without `compat=false`: the change request, as the official default answers.
    expect((compat.data as ChangeRequest).object).toBe("change-request")
    expect((compat.data as ChangeRequest).revision).not.toBe(cr.revision)
    const update = await write(bob, space, String(cr.number), [
      { operation: "insert_page", title: "Welcome", ref: "welcome", document: { markdown: "Hello." } } as Change
    ])
    expect(update.changeRequest).toMatchObject({ id: cr.id, object: "change-request" })
    expect(update.changes).toEqual([
      {
        object: "created_page",
        ref: "welcome",
        page: { object: "page", id: expect.any(String), urls: { location: expect.stringContaining(`/change-requests/${cr.id}/content/page/`) } }
      }
    ])
    expect(update.insertedFiles).toEqual([])
    const before = await spaceRevision(space)
    expect(before).toBe(cr.revisionInitial)
    // Merging needs review: an editor may not.
    await expectFailure(bob.api.spaces.mergeChangeRequest(space.id, cr.id), 403)
    const merged = await ada.api.spaces.mergeChangeRequest(space.id, cr.id)
    expect(merged.status).toBe(200)
    expect(merged.data.result).toBe("merge")
    expect(merged.data.revision).not.toBe(before)
    expect(await spaceRevision(space)).toBe(merged.data.revision)
    const after = (await ada.api.spaces.getChangeRequestById(space.id, cr.id)).data
    expect(after).toMatchObject({ status: "merged", revisionMerged: merged.data.revision, mergedBy: { id: ada.user.id }, outdated: false })
    expect(after.mergedAt).toEqual(expect.any(String))
    // Merged is final.
    await expectFailure(ada.api.spaces.mergeChangeRequest(space.id, cr.id), 409)
    await expectFailure(ada.api.spaces.updateChangeRequestById(space.id, cr.id, { status: "open" }), 409)
    await expectFailure(write(bob, space, cr.id, [{ operation: "insert_page", title: "Late", document: { markdown: "" } }]), 409)
  })

  it("updateChangeRequestContent: 51 changes, an unknown change type, an unknown page are 400; readers 403, outsiders 404", async () => {
    const cr = await create(bob, space)
    const insert = (i: number): Change => ({ operation: "insert_page", title: `Page ${i}`, document: { markdown: "" } })
    await expectFailure(
      write(bob, space, cr.id, Array.from({ length: 51 }, (_, i) => insert(i))),
      400,
      /changes.*50|50.*changes/
    )
    await expectFailure(write(bob, space, cr.id, []), 400, /changes/)
    await expectFailure(write(bob, space, cr.id, [{ operation: "rename_page", page: "x" } as any]), 400, /changes/)
    await expectFailure(write(bob, space, cr.id, [{ operation: "delete_page", page: "noSuchPage" }]), 400, /changes\[0\]/)
    await expectFailure(write(carl, space, cr.id, [insert(0)]), 403)
    await expectFailure(write(eve, space, cr.id, [insert(0)]), 404)
    // Nothing was written.
    expect((await bob.api.spaces.getChangeRequestById(space.id, cr.id)).data.revision).toBe(cr.revision)
    const fifty = await write(bob, space, cr.id, Array.from({ length: 50 }, (_, i) => insert(i)))
    expect(fifty.changes).toHaveLength(50)
  })

  it("bad batches name their field and write nothing: a slug taken, a cycle, no such page, not base64, a status, another space's change request", async () => {
    const cr = await create(bob, space)
    const parent = (await write(bob, space, cr.id, [{ operation: "insert_page", title: "Parent", slug: "parent", document: { markdown: "" } }]))
      .changes[0]!.page as { id: string }
    const child = (
      await write(bob, space, cr.id, [{ operation: "insert_page", title: "Child", into: parent.id, document: { markdown: "" } } as Change])
    ).changes[0]!.page as { id: string }
    const before = (await bob.api.spaces.getChangeRequestById(space.id, cr.id)).data.revision
    const field = async (changes: ReadonlyArray<unknown>) => {
      const answer = await rawCall(server.url, bob.token, "POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, { changes })
      expect(answer.status, JSON.stringify({ changes, answer: answer.body }).slice(0, 400)).toBe(400)
      return (answer.body as { error: { field?: string } }).error.field
    }
    expect(await field([{ operation: "insert_page", title: "Again", slug: "parent", document: { markdown: "" } }])).toBe("changes[0].slug")
    expect(await field([{ operation: "update_page", page: parent.id, into: child.id }])).toMatch(/^changes\[0\]/)
    // A link to a file the space lacks is content (the links list reports it broken); a change to a missing page is not.
    expect(await field([{ operation: "update_page", page: "noSuchPage", title: "Gone" }])).toMatch(/^changes\[0\]/)
    expect(
      await field([{ operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: "not base64!" }] }])
    ).toMatch(/^changes\[0\]\.files\[0\]\.base64/)
    expect((await bob.api.spaces.getChangeRequestById(space.id, cr.id)).data.revision).toBe(before)
    const status = await rawCall(server.url, bob.token, "PATCH", `/spaces/${space.id}/change-requests/${cr.id}`, { status: "finished" })
    expect(status).toMatchObject({ status: 400, body: { error: { code: 400, field: "status" } } })
    const elsewhere = await newSpace("Elsewhere")
    await expectFailure(bob.api.spaces.getChangeRequestById(elsewhere.id, cr.id), 404)
    await expectFailure(write(bob, elsewhere, cr.id, [{ operation: "insert_page", title: "No", document: { markdown: "" } }]), 404)
  })

  it("two change requests on the same page: the second merge answers conflicts, changes nothing, and merge-conflicts lists the page", async () => {
    const page = await pageInSpace(space, "Shared", "Original text.")
    const one = await create(bob, space, "One")
    const two = await create(bob, space, "Two")
    await write(bob, space, one.id, [{ operation: "update_page", page: page.id, document: { markdown: "Text from one." } }])
    await write(bob, space, two.id, [{ operation: "update_page", page: page.id, document: { markdown: "Text from two." } }])
    const clean = await mergeConflicts(ada, space, one.id)
    expect(clean.status).toBe(200)
    expect(clean.body).toEqual({ mergeable: true, conflicts: [] })
    expect((await ada.api.spaces.mergeChangeRequest(space.id, one.id)).data.result).toBe("merge")
    expect((await ada.api.spaces.getChangeRequestById(space.id, two.id)).data.outdated).toBe(true)
    const before = await spaceRevision(space)
    const failed = await ada.api.spaces.mergeChangeRequest(space.id, String(two.number))
    expect(failed.data).toEqual({ result: "conflicts", revision: before })
    expect(await spaceRevision(space)).toBe(before)
    expect((await ada.api.spaces.getChangeRequestById(space.id, two.id)).data.status).toBe("draft")
    const report = await mergeConflicts(ada, space, two.id)
    expect(report.status).toBe(200)
    expect(report.body).toEqual({
      mergeable: false,
      conflicts: [
        {
          kind: "document",
          page: { id: page.id, title: "Shared" },
          message: expect.any(String),
          space: { title: "Shared", markdown: expect.stringContaining("Text from one.") },
          changeRequest: { title: "Shared", markdown: expect.stringContaining("Text from two.") }
        }
      ]
    })
    // By number too; it needs the right to merge.
    expect((await mergeConflicts(ada, space, String(two.number))).body.mergeable).toBe(false)
    expect((await mergeConflicts(bob, space, two.id)).status).toBe(403)
    expect((await mergeConflicts(eve, space, two.id)).status).toBe(404)
    expect((await mergeConflicts(ada, space, "99")).status).toBe(404)
    // Updating from the space meets the same conflict and changes nothing either.
    const update = await bob.api.spaces.updateChangeRequest(space.id, two.id)
    expect(update.data).toEqual({ result: "conflicts", revision: (await bob.api.spaces.getChangeRequestById(space.id, two.id)).data.revision })
    // Writing the space's text into the change request resolves it.
    await write(bob, space, two.id, [{ operation: "update_page", page: page.id, document: { markdown: "Text from one." } }])
    expect((await mergeConflicts(ada, space, two.id)).body).toEqual({ mergeable: true, conflicts: [] })
    expect((await ada.api.spaces.mergeChangeRequest(space.id, two.id)).data.result).toBe("merge")
  })

  it("updateChangeRequest brings the space's new pages into an outdated change request", async () => {
    const behind = await create(bob, space, "Behind")
    const added = await pageInSpace(space, "Added later", "New in the space.")
    expect((await bob.api.spaces.getChangeRequestById(space.id, behind.id)).data.outdated).toBe(true)
    // The page is not in the change request yet.
    await expectFailure(write(bob, space, behind.id, [{ operation: "update_page", page: added.id, title: "Renamed" }]), 400)
    await expectFailure(carl.api.spaces.updateChangeRequest(space.id, behind.id), 403)
    await expectFailure(eve.api.spaces.updateChangeRequest(space.id, behind.id), 404)
    const updated = await bob.api.spaces.updateChangeRequest(space.id, behind.id)
    expect(updated.status).toBe(200)
    expect(updated.data.result).toBe("update")
    const after = (await bob.api.spaces.getChangeRequestById(space.id, behind.id)).data
    expect(after).toMatchObject({ outdated: false, revision: updated.data.revision, revisionMergedAncestor: await spaceRevision(space) })
    const renamed = await write(bob, space, behind.id, [{ operation: "update_page", page: added.id, title: "Renamed" }])
    expect(renamed.changes).toMatchObject([{ object: "updated_page", page: { id: added.id } }])
    // Up to date: updating again changes nothing.
    const again = await bob.api.spaces.updateChangeRequest(space.id, behind.id)
    expect(again.data).toEqual({ result: "update", revision: renamed.changeRequest.revision })
  })

  it("a locked space refuses merges with 409; it merges once unlocked", async () => {
    const cr = await create(bob, space, "While locked")
    await write(bob, space, cr.id, [{ operation: "insert_page", title: "Locked out", document: { markdown: "" } }])
    await ada.api.spaces.updateSpaceById(space.id, { editMode: SpaceEditMode.Locked })
    // Editing needs a live space: in a locked one, creating and writing are 403.
    await expectFailure(bob.api.spaces.createChangeRequest(space.id, {}), 403)
    await expectFailure(write(bob, space, cr.id, [{ operation: "insert_page", title: "Locked", document: { markdown: "" } }]), 403)
    const response = await rawCall(server.url, ada.token, "POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`)
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ error: { code: 409, message: expect.stringMatching(/locked/) } })
    expect((await mergeConflicts(ada, space, cr.id)).status).toBe(409)
    await ada.api.spaces.updateSpaceById(space.id, { editMode: SpaceEditMode.Live })
    expect((await ada.api.spaces.mergeChangeRequest(space.id, cr.id)).data.result).toBe("merge")
  })
})

it("exercised every change request operation", () => {
  expect(notExercised(operationsByArea.changeRequests)).toEqual([])
})
