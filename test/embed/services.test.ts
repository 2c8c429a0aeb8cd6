/** Every service of the facade, at least one call per method family, on memory storage. */
import { ConflictError, ContentScope, type Quire } from "@quire/embed"
import { Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { rejection, world } from "./support.js"

let w: Awaited<ReturnType<typeof world>>
let quire: Quire
beforeEach(async () => {
  w = await world()
  quire = w.quire
})
afterEach(() => quire.close())

describe("@quire/embed services (memory)", () => {
  it("users: create, find, count without a caller; me as one", async () => {
    expect(await quire.users.count()).toBe(2)
    expect(Option.getOrThrow(await quire.users.findByEmail("ada@example.com")).id).toBe(w.ada.id)
    expect(Option.getOrThrow(await quire.users.findById(w.bob.id)).displayName).toBe("Bob")
    expect((await quire.as(w.ada).users.me()).displayName).toBe("Ada")
    expect((await quire.as(w.bob.id).users.me()).id).toBe(w.bob.id)
    expect(await rejection(quire.users.create({ email: "ada@example.com", displayName: "Again" }))).toBeInstanceOf(ConflictError)
  })

  it("apiTokens: issue, authenticate, revoke", async () => {
    const token = await quire.apiTokens.issue(w.ada.id, "ci")
    expect((await quire.apiTokens.authenticate(token)).id).toBe(w.ada.id)
    expect(await quire.as(w.ada).apiTokens.revoke(token)).toBe(true)
    expect(await quire.apiTokens.revokeAllOf(w.ada.id)).toBe(0)
  })

  it("organizations: create, get, update, listMine", async () => {
    const as = quire.as(w.ada)
    expect((await as.organizations.get(w.org.id)).title).toBe("Acme")
    expect((await as.organizations.update(w.org.id, { title: "Acme Inc" })).title).toBe("Acme Inc")
    const page = await as.organizations.listMine({ limit: 10 })
    expect(page.items.map((o) => o.id)).toEqual([w.org.id])
    expect(await quire.as(w.bob).organizations.listMine({})).toMatchObject({ items: [] })
  })

  it("invites and members: an invite joined, the member listed, updated, removed", async () => {
    const invite = await quire.as(w.ada).invites.create(w.org.id, { role: "read" })
    expect((await quire.as(w.ada).invites.list(w.org.id, {})).items.map((i) => i.id)).toContain(invite.id)
    expect((await quire.as(w.ada).invites.get(w.org.id, invite.id)).id).toBe(invite.id)
    await quire.as(w.bob).invites.join(w.org.id, invite.id)
    const members = await quire.as(w.ada).members.list(w.org.id, {})
    expect(members.items).toHaveLength(2)
    expect((await quire.as(w.ada).members.get(w.org.id, w.bob.id)).role).toBe("read")
    expect((await quire.as(w.ada).members.update(w.org.id, w.bob.id, { role: "edit" })).role).toBe("edit")
    await quire.as(w.ada).members.remove(w.org.id, w.bob.id)
    expect((await quire.as(w.ada).members.list(w.org.id, {})).items).toHaveLength(1)
    expect(await quire.as(w.ada).invites.remove(w.org.id, invite.id)).toBe(true)
  })

  it("teams: create, get, list, update, members, remove", async () => {
    const as = quire.as(w.ada)
    const team = await as.teams.create(w.org.id, { title: "Writers" })
    expect((await as.teams.get(w.org.id, team.id)).title).toBe("Writers")
    expect((await as.teams.update(w.org.id, team.id, { title: "Editors" })).title).toBe("Editors")
    expect((await as.teams.list(w.org.id, {})).items.map((t) => t.id)).toEqual([team.id])
    await as.teams.putMember(w.org.id, team.id, w.ada.id, { role: "owner" })
    expect((await as.teams.listMembers(w.org.id, team.id, {})).items).toHaveLength(1)
    expect((await as.teams.listForMember(w.org.id, w.ada.id, {})).items).toHaveLength(1)
    await as.teams.removeMember(w.org.id, team.id, w.ada.id)
    expect(await as.teams.remove(w.org.id, team.id)).toBe(true)
  })

  it("collections: create, get, update, list, listSpaces, move a space in, remove", async () => {
    const as = quire.as(w.ada)
    const collection = await as.collections.create(w.org.id, { title: "Guides" })
    expect((await as.collections.get(collection.id)).title).toBe("Guides")
    expect((await as.collections.update(collection.id, { title: "Docs" })).title).toBe("Docs")
    expect((await as.collections.list(w.org.id, {})).items.map((c) => c.id)).toEqual([collection.id])
    await as.spaces.move(w.space.id, { parent: collection.id })
    expect((await as.collections.listSpaces(collection.id, {})).items.map((s) => s.id)).toEqual([w.space.id])
    await as.spaces.move(w.space.id, { parent: null })
    await as.collections.remove(collection.id)
  })

  it("spaces: create, get (by record and by id), list, update, duplicate, remove, restore", async () => {
    const as = quire.as(w.ada)
    expect((await quire.as(w.ada.id).spaces.get(w.space.id)).title).toBe("Handbook")
    expect((await as.spaces.update(w.space.id, { title: "Manual" })).title).toBe("Manual")
    const copy = await as.spaces.duplicate(w.space.id)
    expect((await as.spaces.list(w.org.id, {})).items.map((s) => s.id)).toEqual([w.space.id, copy.id])
    await as.spaces.remove(copy.id)
    expect((await as.spaces.restore(copy.id)).id).toBe(copy.id)
    expect((await as.spaces.listForMember(w.org.id, w.ada.id, {})).items.length).toBeGreaterThan(0)
  })

  it("change requests and content: write pages, merge, read them, links, exports", async () => {
    const as = quire.as(w.ada)
    const cr = await as.changeRequests.create(w.space.id, { subject: "Welcome" })
    await as.changeRequests.updateContent(w.space.id, cr.id, [
      { operation: "insert_page", title: "Welcome", document: { markdown: "Hello, see [docs](https://example.com)." } }
    ])
    expect((await as.content.pages(ContentScope.ChangeRequest({ spaceId: w.space.id, changeRequest: cr.number }))).map((p) => p.title)).toEqual(["Welcome"])
    expect((await as.changeRequests.get(w.space.id, cr.id)).subject).toBe("Welcome")
    expect((await as.changeRequests.list(w.space.id, { status: "draft" })).items).toHaveLength(1)
    expect(await as.changeRequests.conflicts(w.space.id, cr.id)).toEqual([])
    expect((await as.content.changes(ContentScope.ChangeRequest({ spaceId: w.space.id, changeRequest: cr.id }))).changes).toHaveLength(1)
    expect((await as.changeRequests.contributors(w.space.id, cr.id)).count).toBe(1)
    const merged = await as.changeRequests.merge(w.space.id, cr.id)
    expect(merged.result).toBe("merge")

    const pages = await as.content.pages(ContentScope.Space({ spaceId: w.space.id }))
    expect(pages.map((p) => p.title)).toEqual(["Welcome"])
    expect((await as.content.page(ContentScope.Space({ spaceId: w.space.id }), pages[0]!.id)).title).toBe("Welcome")
    expect((await as.content.revision(ContentScope.Space({ spaceId: w.space.id }))).object).toBe("revision")
    expect(await as.content.files(ContentScope.Space({ spaceId: w.space.id }))).toEqual([])

    const links = await as.links.links(ContentScope.Space({ spaceId: w.space.id }))
    expect(links.items.map((l) => l.targetReference)).toEqual([{ kind: "url", url: "https://example.com" }])
    const target = await as.pdfExports.target(ContentScope.Space({ spaceId: w.space.id }))
    expect(target).toMatchObject({ space: w.space.id, only: false })
  })

  it("leaves out what holds effects (open, an export's content) and, on quire.users, what needs a caller", () => {
    // @ts-expect-error open returns bound Effect readers: not on the Promise facade
    void quire.as(w.ada).content.open
    // @ts-expect-error an export's content holds `fileBytes`, an Effect: Effect-only
    void quire.as(w.ada).pdfExports.content
    // @ts-expect-error me needs a caller: not on quire.users
    void quire.users.me
  })
})
