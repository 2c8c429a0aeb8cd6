import { type Collection, MemberRole, type Organization, type Space, SpaceEditMode } from "./support/gitbookTypes.js"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { validateResponse } from "./support/officialSpec.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Collections and spaces through the official client. ada administers Acme and Beta; bob
 * is an editor of Acme (may edit, may not create or administer content); eve is outside
 * Acme, owns Evil (where ada may only read) and Private (where ada is not a member).
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let eve: Principal
let acme: Organization
let beta: Organization
let evil: Organization
let closed: Organization

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob] = await makeUsers(server, "acme.test", ["Ada", "Bob"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data
  beta = (await ada.api.orgs.createOrganization({ title: "Beta" })).data
  const editors = (await ada.api.orgs.createOrganizationInvite(acme.id, { role: MemberRole.Edit })).data.id
  await bob.api.orgs.joinOrganizationWithInvite(acme.id, editors)
  evil = (await eve.api.orgs.createOrganization({ title: "Evil" })).data
  const readers = (await eve.api.orgs.createOrganizationInvite(evil.id, { role: MemberRole.Read })).data.id
  await ada.api.orgs.joinOrganizationWithInvite(evil.id, readers)
  closed = (await eve.api.orgs.createOrganization({ title: "Private" })).data
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const newSpace = async (title: string, parent?: string) =>
  (await ada.api.orgs.createSpace(acme.id, parent ? { title, parent } : { title })).data
const newCollection = async (title: string, parent?: string) =>
  (await ada.api.orgs.createCollection(acme.id, parent ? { title, parent } : { title })).data
const space = (id: string) => ({ type: "space" as const, space: id })

describe("collections", () => {
  let handbooks: Collection
  let guides: Collection

  it("createCollection answers 201 with a Location header", async () => {
    const response = await rawCall(server.url, ada.token, "POST", `/orgs/${acme.id}/collections`, { title: "Handbooks" })
    expect(response.status).toBe(201)
    handbooks = response.body
    expect(handbooks).toMatchObject({ object: "collection", title: "Handbooks", organization: acme.id, defaultLevel: "inherit" })
    expect(handbooks.parent).toBeUndefined()
    expect(handbooks.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true })
    expect(response.headers.get("location")).toBe(handbooks.urls.location)
  })

  it("createCollection nests in a parent and defaults the title", async () => {
    const created = await ada.api.orgs.createCollection(acme.id, { title: "Guides", parent: handbooks.id })
    expect(created.status).toBe(201)
    guides = created.data
    expect(guides.parent).toBe(handbooks.id)
    const untitled = await ada.api.orgs.createCollection(acme.id, {})
    expect(untitled.data.title).toBe("Untitled")
    await ada.api.collections.deleteCollectionById(untitled.data.id)
  })

  it("createCollection: bad input 400 naming the field, editors 403, outsiders 404", async () => {
    await expectFailure(ada.api.orgs.createCollection(acme.id, { title: "x".repeat(51) }), 400, /title/)
    await expectFailure(ada.api.orgs.createCollection(acme.id, { title: 5 } as any), 400, /title/)
    await expectFailure(ada.api.orgs.createCollection(acme.id, { parent: "unknownCollection00" }), 400, /parent/)
    await expectFailure(bob.api.orgs.createCollection(acme.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.orgs.createCollection(acme.id, { title: "Eve's" }), 404)
    // A collection of another organization is no parent here, and its existence does not leak.
    const elsewhere = (await eve.api.orgs.createCollection(evil.id, { title: "Elsewhere" })).data
    await expectFailure(ada.api.orgs.createCollection(acme.id, { parent: elsewhere.id }), 400, /parent/)
  })

  it("getCollectionById answers members; outsiders and unknown ids get 404", async () => {
    const forBob = await bob.api.collections.getCollectionById(guides.id)
    expect(forBob.data).toMatchObject({ id: guides.id, title: "Guides", parent: handbooks.id })
    expect(forBob.data.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false })
    await expectFailure(eve.api.collections.getCollectionById(guides.id), 404)
    await expectFailure(ada.api.collections.getCollectionById("unknownCollection00"), 404)
  })

  it("listCollectionsInOrganizationById lists nested collections unless nested=false", async () => {
    const all = await bob.api.orgs.listCollectionsInOrganizationById(acme.id)
    expect(all.data.items.map((c) => c.id)).toEqual([handbooks.id, guides.id])
    expect(all.data.count).toBe(2)
    const nested = await bob.api.orgs.listCollectionsInOrganizationById(acme.id, { nested: true })
    expect(nested.data.count).toBe(2)
    const top = await bob.api.orgs.listCollectionsInOrganizationById(acme.id, { nested: false })
    expect(top.data.items.map((c) => c.id)).toEqual([handbooks.id])
    expect(top.data.count).toBe(1)
    await expectFailure(ada.api.orgs.listCollectionsInOrganizationById(acme.id, { nested: "maybe" as any }), 400, /nested/)
    await expectFailure(eve.api.orgs.listCollectionsInOrganizationById(acme.id), 404)
  })

  it("updateCollectionById changes title, description and default level", async () => {
    const { data } = await ada.api.collections.updateCollectionById(guides.id, {
      title: "User guides",
      description: "How to use things"
    })
    expect(data).toMatchObject({ id: guides.id, title: "User guides", description: "How to use things" })
    // No default access for members: bob no longer sees the collection at all.
    const closedLevel = await ada.api.collections.updateCollectionById(guides.id, { defaultLevel: null })
    expect(closedLevel.data.defaultLevel).toBeNull()
    await expectFailure(bob.api.collections.getCollectionById(guides.id), 404)
    const readOnly = await ada.api.collections.updateCollectionById(guides.id, { defaultLevel: MemberRole.Read })
    expect(readOnly.data.defaultLevel).toBe("read")
    expect((await bob.api.collections.getCollectionById(guides.id)).data.permissions.view).toBe(true)
    await ada.api.collections.updateCollectionById(guides.id, { defaultLevel: "inherit" })
  })

  it("updateCollectionById: bad input 400 naming the field, editors 403, outsiders 404", async () => {
    await expectFailure(ada.api.collections.updateCollectionById(guides.id, { title: "x".repeat(51) }), 400, /title/)
    await expectFailure(ada.api.collections.updateCollectionById(guides.id, { description: "x".repeat(101) }), 400, /description/)
    await expectFailure(ada.api.collections.updateCollectionById(guides.id, { defaultLevel: "owner" as any }), 400, /defaultLevel/)
    await expectFailure(bob.api.collections.updateCollectionById(guides.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.collections.updateCollectionById(guides.id, { title: "Eve's" }), 404)
    await expectFailure(ada.api.collections.updateCollectionById("unknownCollection00", { title: "X" }), 404)
    expect((await ada.api.collections.getCollectionById(guides.id)).data.title).toBe("User guides")
  })

  it("listSpacesInCollectionById lists the spaces directly in the collection", async () => {
    const first = await newSpace("First", guides.id)
    const second = await newSpace("Second", guides.id)
    await newSpace("Elsewhere", handbooks.id)
    const { data } = await bob.api.collections.listSpacesInCollectionById(guides.id)
    expect(data.items.map((s) => s.id)).toEqual([first.id, second.id])
    expect(data.count).toBe(2)
    expect(data.items.every((s) => s.parent === guides.id)).toBe(true)
    await expectFailure(eve.api.collections.listSpacesInCollectionById(guides.id), 404)
    await expectFailure(ada.api.collections.listSpacesInCollectionById("unknownCollection00"), 404)
  })

  it("moveCollection changes the parent; a move into itself or its descendants is 400", async () => {
    const { data } = await ada.api.collections.moveCollection(guides.id, { parent: null })
    expect(data.parent).toBeUndefined()
    const top = await ada.api.orgs.listCollectionsInOrganizationById(acme.id, { nested: false })
    expect(top.data.items.map((c) => c.id)).toEqual([handbooks.id, guides.id])
    const back = await ada.api.collections.moveCollection(guides.id, { parent: handbooks.id })
    expect(back.data.parent).toBe(handbooks.id)
    await expectFailure(ada.api.collections.moveCollection(handbooks.id, { parent: guides.id }), 400, /parent/)
    await expectFailure(ada.api.collections.moveCollection(handbooks.id, { parent: handbooks.id }), 400, /parent/)
    await expectFailure(ada.api.collections.moveCollection(guides.id, { parent: "unknownCollection00" }), 400, /parent/)
  })

  it("moveCollection places it before or after a sibling; a move that changes nothing is 409", async () => {
    const [first] = (await ada.api.collections.listSpacesInCollectionById(handbooks.id)).data.items
    // handbooks holds: Elsewhere (space), then guides.
    await expectFailure(ada.api.collections.moveCollection(guides.id, { position: { after: space(first!.id) } }), 409)
    const moved = await ada.api.collections.moveCollection(guides.id, { position: { before: space(first!.id) } })
    expect(moved.data.parent).toBe(handbooks.id)
    await expectFailure(ada.api.collections.moveCollection(guides.id, { position: { before: space(first!.id) } }), 409)
    await expectFailure(
      ada.api.collections.moveCollection(guides.id, { position: { before: space("unknownSpace0000000") } }),
      400,
      /position\.before\.space/
    )
  })

  it("moveCollection into a collection of another organization is 400 naming `parent`", async () => {
    const elsewhere = (await ada.api.orgs.createCollection(beta.id, { title: "In Beta" })).data
    await expectFailure(ada.api.collections.moveCollection(guides.id, { parent: elsewhere.id }), 400, /parent/)
    await expectFailure(ada.api.spaces.moveSpace((await newSpace("Stays")).id, { parent: elsewhere.id }), 400, /parent/)
    expect((await ada.api.collections.getCollectionById(guides.id)).data).toMatchObject({ organization: acme.id, parent: handbooks.id })
  })

  it("moveCollection: empty body 400, editors 403, outsiders 404", async () => {
    await expectFailure(ada.api.collections.moveCollection(guides.id, {}), 400)
    await expectFailure(bob.api.collections.moveCollection(guides.id, { parent: null }), 403)
    await expectFailure(eve.api.collections.moveCollection(guides.id, { parent: null }), 404)
    await expectFailure(ada.api.collections.moveCollection("unknownCollection00", { parent: null }), 404)
  })

  it("transferCollection moves the collection and its content to another organization", async () => {
    const exports = await newCollection("Exports")
    const inside = await newSpace("Inside", exports.id)
    await expectFailure(ada.api.collections.transferCollection(exports.id, { organization: acme.id }), 409)
    await expectFailure(ada.api.collections.transferCollection(exports.id, { organization: closed.id }), 400, /organization/)
    await expectFailure(ada.api.collections.transferCollection(exports.id, { organization: evil.id }), 403)
    await expectFailure(ada.api.collections.transferCollection(exports.id, {} as any), 400, /organization/)
    await expectFailure(bob.api.collections.transferCollection(exports.id, { organization: beta.id }), 403)
    await expectFailure(eve.api.collections.transferCollection(exports.id, { organization: evil.id }), 404)
    const { data } = await ada.api.collections.transferCollection(exports.id, { organization: beta.id })
    expect(data).toMatchObject({ id: exports.id, organization: beta.id })
    expect(data.parent).toBeUndefined()
    expect((await ada.api.spaces.getSpaceById(inside.id)).data).toMatchObject({ organization: beta.id, parent: exports.id })
    const inBeta = await ada.api.orgs.listCollectionsInOrganizationById(beta.id)
    expect(inBeta.data.items.map((c) => c.id)).toContain(exports.id)
    await expectFailure(bob.api.collections.getCollectionById(exports.id), 404)
  })

  it("deleteCollectionById answers 205 and soft-deletes the spaces inside", async () => {
    const trash = await newCollection("Trash")
    const nested = await newCollection("Nested trash", trash.id)
    const doomed = await newSpace("Doomed", nested.id)
    await expectFailure(bob.api.collections.deleteCollectionById(trash.id), 403)
    await expectFailure(eve.api.collections.deleteCollectionById(trash.id), 404)
    const { status } = await ada.api.collections.deleteCollectionById(trash.id)
    expect(status).toBe(205)
    await expectFailure(ada.api.collections.getCollectionById(trash.id), 404)
    await expectFailure(ada.api.collections.getCollectionById(nested.id), 404)
    expect((await ada.api.spaces.getSpaceById(doomed.id)).data.deletedAt).toBeDefined()
    await expectFailure(bob.api.spaces.getSpaceById(doomed.id), 404)
    // Its collection is gone: the restored space comes back at the root.
    const restored = await ada.api.spaces.restoreSpace(doomed.id)
    expect(restored.data.parent).toBeUndefined()
    expect(restored.data.deletedAt).toBeUndefined()
  })
})

describe("spaces", () => {
  let shelf: Collection
  let handbook: Space

  it("createSpace answers 201 with a Location header", async () => {
    shelf = await newCollection("Shelf")
    const response = await rawCall(server.url, ada.token, "POST", `/orgs/${acme.id}/spaces`, {
      title: "Handbook",
      emoji: "📘",
      parent: shelf.id
    })
    expect(response.status).toBe(201)
    handbook = response.body
    expect(handbook).toMatchObject({
      object: "space",
      title: "Handbook",
      emoji: "📘",
      organization: acme.id,
      parent: shelf.id,
      editMode: "live",
      defaultLevel: "inherit"
    })
    expect(handbook.deletedAt).toBeUndefined()
    expect(handbook.permissions).toMatchObject({ view: true, admin: true, edit: true })
    expect(response.headers.get("location")).toBe(handbook.urls.location)
    const untitled = await ada.api.orgs.createSpace(acme.id, {})
    expect(untitled.status).toBe(201)
    expect(untitled.data).toMatchObject({ title: "Untitled" })
    await ada.api.spaces.deleteSpaceById(untitled.data.id)
  })

  it("createSpace: bad input 400 naming the field, editors 403, outsiders 404", async () => {
    await expectFailure(ada.api.orgs.createSpace(acme.id, { title: "x".repeat(51) }), 400, /title/)
    await expectFailure(ada.api.orgs.createSpace(acme.id, { emoji: "smile" }), 400, /emoji/)
    await expectFailure(ada.api.orgs.createSpace(acme.id, { editMode: "frozen" as any }), 400, /editMode/)
    await expectFailure(ada.api.orgs.createSpace(acme.id, { parent: "unknownCollection00" }), 400, /parent/)
    await expectFailure(bob.api.orgs.createSpace(acme.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.orgs.createSpace(acme.id, { title: "Eve's" }), 404)
    await expectFailure(ada.api.orgs.createSpace("unknownOrganization0", { title: "Lost" }), 404)
  })

  it("getSpaceById answers members with their permissions; outsiders and unknown ids get 404", async () => {
    const { data } = await bob.api.spaces.getSpaceById(handbook.id)
    expect(data).toMatchObject({ id: handbook.id, title: "Handbook" })
    expect(data.permissions).toMatchObject({ view: true, edit: true, comment: true, admin: false, merge: false })
    await expectFailure(eve.api.spaces.getSpaceById(handbook.id), 404)
    await expectFailure(ada.api.spaces.getSpaceById("unknownSpace0000000"), 404)
  })

  it("listSpacesInOrganizationById lists every space the caller sees, nested ones too", async () => {
    const { data } = await ada.api.orgs.listSpacesInOrganizationById(acme.id)
    const ids = data.items.map((s) => s.id)
    expect(ids).toContain(handbook.id)
    expect(data.count).toBe(ids.length)
    expect(data.items.every((s) => s.organization === acme.id && s.deletedAt === undefined)).toBe(true)
    const forBob = await bob.api.orgs.listSpacesInOrganizationById(acme.id)
    expect(forBob.data.items.map((s) => s.id).sort()).toEqual([...ids].sort())
    await expectFailure(eve.api.orgs.listSpacesInOrganizationById(acme.id), 404)
  })

  it("a space with no default level is hidden from members: lists and counts leave it out", async () => {
    const secret = await newSpace("Secret", shelf.id)
    await ada.api.spaces.updateSpaceById(secret.id, { defaultLevel: null })
    await expectFailure(bob.api.spaces.getSpaceById(secret.id), 404)
    const forBob = await bob.api.orgs.listSpacesInOrganizationById(acme.id)
    expect(forBob.data.items.map((s) => s.id)).not.toContain(secret.id)
    expect(forBob.data.count).toBe(forBob.data.items.length)
    const forAda = await ada.api.orgs.listSpacesInOrganizationById(acme.id)
    expect(forAda.data.items.map((s) => s.id)).toContain(secret.id)
    expect(forAda.data.count).toBe(forBob.data.items.length + 1)
    const inShelf = await bob.api.collections.listSpacesInCollectionById(shelf.id)
    expect(inShelf.data).toMatchObject({ count: 1, items: [{ id: handbook.id }] })
    const bobsSpaces = await ada.api.orgs.listSpacesForOrganizationMember(acme.id, bob.user.id)
    expect(bobsSpaces.data.items.map((i) => i.space.id)).not.toContain(secret.id)
    expect(bobsSpaces.data.count).toBe(bobsSpaces.data.items.length)
    await ada.api.spaces.deleteSpaceById(secret.id)
  })

  it("updateSpaceById changes title, emoji, edit mode and default level", async () => {
    const { data } = await ada.api.spaces.updateSpaceById(handbook.id, { title: "Staff handbook", emoji: "1f4d7" })
    expect(data).toMatchObject({ title: "Staff handbook" })
    expect(data.emoji).toBeTruthy()
    const locked = await ada.api.spaces.updateSpaceById(handbook.id, { editMode: SpaceEditMode.Locked })
    expect(locked.data.editMode).toBe("locked")
    expect((await bob.api.spaces.getSpaceById(handbook.id)).data.permissions).toMatchObject({ edit: false, view: true })
    const readOnly = await ada.api.spaces.updateSpaceById(handbook.id, { editMode: SpaceEditMode.Live, defaultLevel: MemberRole.Read })
    expect(readOnly.data).toMatchObject({ editMode: "live", defaultLevel: "read" })
    expect((await bob.api.spaces.getSpaceById(handbook.id)).data.permissions).toMatchObject({ edit: false, comment: false })
    const reset = await ada.api.spaces.updateSpaceById(handbook.id, { defaultLevel: "inherit", emoji: null })
    expect(reset.data.defaultLevel).toBe("inherit")
    expect((await bob.api.spaces.getSpaceById(handbook.id)).data.permissions.edit).toBe(true)
  })

  it("updateSpaceById: bad input 400 naming the field, editors 403, outsiders 404", async () => {
    await expectFailure(ada.api.spaces.updateSpaceById(handbook.id, { title: "x".repeat(51) }), 400, /title/)
    await expectFailure(ada.api.spaces.updateSpaceById(handbook.id, { editMode: "frozen" as any }), 400, /editMode/)
    await expectFailure(ada.api.spaces.updateSpaceById(handbook.id, { emoji: "nope" }), 400, /emoji/)
    await expectFailure(ada.api.spaces.updateSpaceById(handbook.id, { defaultLevel: "owner" as any }), 400, /defaultLevel/)
    await expectFailure(bob.api.spaces.updateSpaceById(handbook.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.spaces.updateSpaceById(handbook.id, { title: "Eve's" }), 404)
    await expectFailure(ada.api.spaces.updateSpaceById("unknownSpace0000000", { title: "X" }), 404)
    expect((await ada.api.spaces.getSpaceById(handbook.id)).data.title).toBe("Staff handbook")
  })

  it("duplicateSpace answers 201 with a Location header: a copy beside the original", async () => {
    const response = await rawCall(server.url, ada.token, "POST", `/spaces/${handbook.id}/duplicate`)
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ object: "space", title: "Staff handbook (copy)", parent: shelf.id })
    expect(response.body.id).not.toBe(handbook.id)
    expect(response.headers.get("location")).toBe(response.body.urls.location)
    const viaClient = await ada.api.spaces.duplicateSpace(handbook.id)
    expect(viaClient.status).toBe(201)
    expect(viaClient.data.title).toBe("Staff handbook (copy)")
    const inShelf = await ada.api.collections.listSpacesInCollectionById(shelf.id)
    expect(inShelf.data.count).toBe(3)
    await expectFailure(bob.api.spaces.duplicateSpace(handbook.id), 403)
    await expectFailure(eve.api.spaces.duplicateSpace(handbook.id), 404)
    await expectFailure(ada.api.spaces.duplicateSpace("unknownSpace0000000"), 404)
  })

  it("moveSpace with position before/after places it among its siblings; no change is 409", async () => {
    const [a, b, c] = (await ada.api.collections.listSpacesInCollectionById(shelf.id)).data.items
    // Order in the shelf: a (the handbook), then the two copies, each put right after it: a, c, b.
    expect(a!.id).toBe(handbook.id)
    await expectFailure(ada.api.spaces.moveSpace(c!.id, { position: { after: space(a!.id) } }), 409)
    await expectFailure(ada.api.spaces.moveSpace(c!.id, { position: { before: space(b!.id) } }), 409)
    const first = await ada.api.spaces.moveSpace(c!.id, { position: { before: space(a!.id) } })
    expect(first.status).toBe(200)
    expect(first.data.parent).toBe(shelf.id)
    // Now: c, a, b.
    await expectFailure(ada.api.spaces.moveSpace(c!.id, { position: { before: space(a!.id) } }), 409)
    await expectFailure(ada.api.spaces.moveSpace(b!.id, { position: { after: space(a!.id) } }), 409)
    const last = await ada.api.spaces.moveSpace(c!.id, { position: { after: space(b!.id) } })
    expect(last.status).toBe(200)
    // Now: a, b, c.
    await expectFailure(ada.api.spaces.moveSpace(b!.id, { position: { before: space(c!.id) } }), 409)
    await expectFailure(ada.api.spaces.moveSpace(a!.id, { position: { before: space(b!.id) } }), 409)
  })

  it("moveSpace changes the parent; to the root with parent null", async () => {
    const [, , c] = (await ada.api.collections.listSpacesInCollectionById(shelf.id)).data.items
    const toRoot = await ada.api.spaces.moveSpace(c!.id, { parent: null })
    expect(toRoot.data.parent).toBeUndefined()
    expect((await ada.api.collections.listSpacesInCollectionById(shelf.id)).data.count).toBe(2)
    const back = await ada.api.spaces.moveSpace(c!.id, { parent: shelf.id, position: { before: space(handbook.id) } })
    expect(back.data.parent).toBe(shelf.id)
    await expectFailure(ada.api.spaces.moveSpace(c!.id, { position: { before: space(handbook.id) } }), 409)
  })

  it("moveSpace: bad input 400 naming the field, editors 403, outsiders 404", async () => {
    const outside = await newSpace("Outside")
    await expectFailure(
      ada.api.spaces.moveSpace(handbook.id, { position: { before: space(outside.id) } }),
      400,
      /position\.before\.space/
    )
    await expectFailure(
      ada.api.spaces.moveSpace(handbook.id, { position: { after: { type: "collection", collection: "unknownCollection00" } } }),
      400,
      /position\.after\.collection/
    )
    await expectFailure(ada.api.spaces.moveSpace(handbook.id, { parent: "unknownCollection00" }), 400, /parent/)
    await expectFailure(ada.api.spaces.moveSpace(handbook.id, { position: { before: { type: "page" } } } as any), 400, /position/)
    await expectFailure(ada.api.spaces.moveSpace(handbook.id, {}), 400)
    await expectFailure(bob.api.spaces.moveSpace(handbook.id, { parent: null }), 403)
    await expectFailure(eve.api.spaces.moveSpace(handbook.id, { parent: null }), 404)
    await expectFailure(ada.api.spaces.moveSpace("unknownSpace0000000", { parent: null }), 404)
  })

  it("deleteSpaceById answers 205; the space is then seen only by its admins, as deleted", async () => {
    const doomed = await newSpace("Doomed", shelf.id)
    await expectFailure(bob.api.spaces.deleteSpaceById(doomed.id), 403)
    await expectFailure(eve.api.spaces.deleteSpaceById(doomed.id), 404)
    const { status } = await ada.api.spaces.deleteSpaceById(doomed.id)
    expect(status).toBe(205)
    const seen = await ada.api.spaces.getSpaceById(doomed.id)
    expect(Date.parse(seen.data.deletedAt!)).not.toBeNaN()
    await expectFailure(bob.api.spaces.getSpaceById(doomed.id), 404)
    const listed = await ada.api.orgs.listSpacesInOrganizationById(acme.id)
    expect(listed.data.items.map((s) => s.id)).not.toContain(doomed.id)
    expect((await ada.api.collections.listSpacesInCollectionById(shelf.id)).data.items.map((s) => s.id)).not.toContain(doomed.id)
    await expectFailure(ada.api.spaces.updateSpaceById(doomed.id, { title: "Still here" }), 409)
    await expectFailure(ada.api.spaces.deleteSpaceById("unknownSpace0000000"), 404)
  })

  it("restoreSpace brings a deleted space back where it was", async () => {
    const doomed = await newSpace("Doomed again", shelf.id)
    await ada.api.spaces.deleteSpaceById(doomed.id)
    await expectFailure(bob.api.spaces.restoreSpace(doomed.id), 404)
    await expectFailure(eve.api.spaces.restoreSpace(doomed.id), 404)
    const { status, data } = await ada.api.spaces.restoreSpace(doomed.id)
    expect(status).toBe(200)
    expect(data).toMatchObject({ id: doomed.id, parent: shelf.id })
    expect(data.deletedAt).toBeUndefined()
    expect((await bob.api.spaces.getSpaceById(doomed.id)).data.id).toBe(doomed.id)
    await expectFailure(ada.api.spaces.restoreSpace(doomed.id), 409)
    await expectFailure(bob.api.spaces.restoreSpace(doomed.id), 403)
    await expectFailure(ada.api.spaces.restoreSpace("unknownSpace0000000"), 404)
  })

  it("POST /spaces/{id}/transfer moves the space to the root of another organization", async () => {
    const moving = await newSpace("Moving", shelf.id)
    const path = `/spaces/${moving.id}/transfer`
    const call = (who: Principal | undefined, body: unknown) => rawCall(server.url, who?.token, "POST", path, body)
    expect((await call(undefined, { organization: beta.id })).status).toBe(401)
    expect((await call(eve, { organization: evil.id })).status).toBe(404)
    expect((await call(bob, { organization: beta.id })).status).toBe(403)
    const same = await call(ada, { organization: acme.id })
    expect(same.status).toBe(409)
    const missing = await call(ada, {})
    expect([missing.status, missing.body.error.message]).toEqual([400, expect.stringMatching(/organization/)])
    const notMember = await call(ada, { organization: closed.id })
    expect([notMember.status, notMember.body.error.message]).toEqual([400, expect.stringMatching(/organization/)])
    expect((await call(ada, { organization: evil.id })).status).toBe(403)
    const unknown = await rawCall(server.url, ada.token, "POST", "/spaces/unknownSpace0000000/transfer", { organization: beta.id })
    expect(unknown.status).toBe(404)
    const moved = await call(ada, { organization: beta.id })
    expect(moved.status).toBe(200)
    // The official spec lacks this operation: check the body as a Space.
    expect(validateResponse("GET", `/spaces/${moving.id}`, 200, moved.body)).toEqual([])
    expect(moved.body).toMatchObject({ id: moving.id, organization: beta.id })
    expect(moved.body.parent).toBeUndefined()
    for (const error of [same, missing, notMember, unknown]) {
      const field = error.status === 400 ? { field: "organization" } : {}
      expect(error.body).toEqual({ error: { code: error.status, message: expect.any(String), ...field } })
    }
    await expectFailure(bob.api.spaces.getSpaceById(moving.id), 404)
    const inBeta = await ada.api.orgs.listSpacesInOrganizationById(beta.id)
    expect(inBeta.data.items.map((s) => s.id)).toContain(moving.id)
  })
})

it("exercised every collection and space operation", () => {
  expect(notExercised(operationsByArea.content)).toEqual([])
})
