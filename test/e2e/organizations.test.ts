import { MemberRole, type Organization } from "./support/gitbookTypes.js"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { rawCall } from "./support/client.js"
import { expectFailure, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Organizations, invite links and members, driven through the official client against
 * the real server. Tests run in order and build on each other: ada creates Acme, bob and
 * carol join it by invite links, dave is refused while links are off, eve stays outside.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let carol: Principal
let dave: Principal
let eve: Principal
let acme: Organization
let inviteId: string

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob, carol, dave] = await makeUsers(server, "acme.test", ["Ada", "Bob", "Carol", "Dave"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const memberRole = async (who: Principal, userId: string) =>
  (await who.api.orgs.getMemberInOrganizationById(acme.id, userId)).data.role

describe("the authenticated user", () => {
  it("getAuthenticatedUser answers the token's user", async () => {
    const { status, data } = await ada.api.user.getAuthenticatedUser()
    expect(status).toBe(200)
    expect(data).toMatchObject({ object: "user", id: ada.user.id, displayName: "Ada", email: "ada@acme.test" })
    expect((await eve.api.user.getAuthenticatedUser()).data.id).toBe(eve.user.id)
  })
})

describe("organizations", () => {
  it("createOrganization answers 201 with a Location header naming the new organization", async () => {
    const response = await rawCall(server.url, ada.token, "POST", "/orgs", { title: "Acme", emailDomains: ["ACME.test"] })
    expect(response.status).toBe(201)
    acme = response.body
    expect(acme).toMatchObject({ object: "organization", title: "Acme", emailDomains: ["acme.test"], inviteLinks: true })
    expect(acme.permissions).toMatchObject({ admin: true, view: true, createContent: true, listMembers: true })
    expect(response.headers.get("location")).toBe(acme.urls.location)
    expect(acme.urls.location).toMatch(new RegExp(`/v1/orgs/${acme.id}$`))
  })

  it("createOrganization through the client makes the caller its only admin", async () => {
    const { status, data } = await eve.api.orgs.createOrganization({ title: "Evil Corp" })
    expect(status).toBe(201)
    expect(data.title).toBe("Evil Corp")
    const members = await eve.api.orgs.listMembersInOrganizationById(data.id)
    expect(members.data.items.map((m) => [m.user.id, m.role])).toEqual([[eve.user.id, "admin"]])
  })

  it("createOrganization refuses bad input naming the field", async () => {
    await expectFailure(ada.api.orgs.createOrganization({ title: "A" }), 400, /title/)
    await expectFailure(ada.api.orgs.createOrganization({} as any), 400, /title/)
    await expectFailure(ada.api.orgs.createOrganization({ title: "x".repeat(256) }), 400, /title/)
    await expectFailure(
      ada.api.orgs.createOrganization({ title: "Fine", emailDomains: ["acme.test", "not a domain"] }),
      400,
      /emailDomains\[1\]/
    )
  })

  it("getOrganizationById answers members, and 404 to outsiders and unknown ids", async () => {
    const { data } = await ada.api.orgs.getOrganizationById(acme.id)
    expect(data).toMatchObject({ id: acme.id, title: "Acme" })
    await expectFailure(eve.api.orgs.getOrganizationById(acme.id), 404)
    await expectFailure(ada.api.orgs.getOrganizationById("unknownOrganization0"), 404)
  })

  it("listOrganizationsForAuthenticatedUser lists only the caller's organizations", async () => {
    const adas = await ada.api.orgs.listOrganizationsForAuthenticatedUser()
    expect(adas.data.items.map((o) => o.id)).toEqual([acme.id])
    expect(adas.data.count).toBe(1)
    const eves = await eve.api.orgs.listOrganizationsForAuthenticatedUser()
    expect(eves.data.items.map((o) => o.title)).toEqual(["Evil Corp"])
    const bobs = await bob.api.orgs.listOrganizationsForAuthenticatedUser()
    expect(bobs.data).toMatchObject({ count: 0, items: [] })
  })
})

describe("invite links", () => {
  it("createOrganizationInvite answers 201 with the link", async () => {
    const { status, data } = await ada.api.orgs.createOrganizationInvite(acme.id, { role: MemberRole.Read })
    expect(status).toBe(201)
    expect(data).toMatchObject({ object: "invite", role: "read", redundant: true })
    inviteId = data.id
  })

  it("createOrganizationInvite refuses a bad role naming `role`, outsiders (404)", async () => {
    await expectFailure(ada.api.orgs.createOrganizationInvite(acme.id, { role: "boss" } as any), 400, /role/)
    await expectFailure(ada.api.orgs.createOrganizationInvite(acme.id, {} as any), 400, /role/)
    await expectFailure(eve.api.orgs.createOrganizationInvite(acme.id, { role: MemberRole.Admin }), 404)
  })

  it("getOrganizationInviteLink shows the link to whoever holds its id", async () => {
    const forAda = await ada.api.orgs.getOrganizationInviteLink(acme.id, inviteId)
    expect(forAda.data).toMatchObject({ id: inviteId, role: "read", redundant: true })
    const forBob = await bob.api.orgs.getOrganizationInviteLink(acme.id, inviteId)
    expect(forBob.data).toMatchObject({ id: inviteId, role: "read", redundant: false })
    await expectFailure(bob.api.orgs.getOrganizationInviteLink(acme.id, "unknownInvite000000"), 404)
    await expectFailure(bob.api.orgs.getOrganizationInviteLink("unknownOrganization0", inviteId), 404)
  })

  it("joinOrganizationWithInvite makes the joiner a member with the link's role", async () => {
    const { status, data } = await bob.api.orgs.joinOrganizationWithInvite(acme.id, inviteId)
    expect(status).toBe(200)
    expect(data).toEqual({})
    expect(await memberRole(ada, bob.user.id)).toBe("read")
    expect((await bob.api.orgs.getOrganizationById(acme.id)).data.permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: false
    })
    expect((await bob.api.orgs.getOrganizationInviteLink(acme.id, inviteId)).data.redundant).toBe(true)
  })

  it("listOrganizationInviteLinks is for admins: members get 403, outsiders 404", async () => {
    const { data } = await ada.api.orgs.listOrganizationInviteLinks(acme.id)
    expect(data.items.map((i) => [i.id, (i as { role?: string }).role])).toEqual([[inviteId, "read"]])
    expect(data.count).toBe(1)
    await expectFailure(bob.api.orgs.listOrganizationInviteLinks(acme.id), 403)
    await expectFailure(eve.api.orgs.listOrganizationInviteLinks(acme.id), 404)
  })

  it("updateOrganizationInviteById changes the role; bad role is 400, members 403, outsiders 404", async () => {
    const { data } = await ada.api.orgs.updateOrganizationInviteById(acme.id, inviteId, { role: MemberRole.Edit })
    expect(data).toMatchObject({ id: inviteId, role: "edit" })
    expect((await ada.api.orgs.getOrganizationInviteLink(acme.id, inviteId)).data).toMatchObject({ role: "edit" })
    await expectFailure(ada.api.orgs.updateOrganizationInviteById(acme.id, inviteId, { role: "owner" } as any), 400, /role/)
    await expectFailure(bob.api.orgs.updateOrganizationInviteById(acme.id, inviteId, { role: MemberRole.Admin }), 403)
    await expectFailure(eve.api.orgs.updateOrganizationInviteById(acme.id, inviteId, { role: MemberRole.Admin }), 404)
    await expectFailure(
      ada.api.orgs.updateOrganizationInviteById(acme.id, "unknownInvite000000", { role: MemberRole.Read }),
      404
    )
  })

  it("joining with the updated link gives its new role", async () => {
    await carol.api.orgs.joinOrganizationWithInvite(acme.id, inviteId)
    expect(await memberRole(ada, carol.user.id)).toBe("edit")
  })

  it("joinOrganizationWithInvite is 403 while the organization has invite links off", async () => {
    const off = await ada.api.orgs.updateOrganizationById(acme.id, { inviteLinks: false })
    expect(off.data.inviteLinks).toBe(false)
    await expectFailure(dave.api.orgs.joinOrganizationWithInvite(acme.id, inviteId), 403)
    await expectFailure(dave.api.orgs.getOrganizationInviteLink(acme.id, inviteId), 403)
    await expectFailure(dave.api.orgs.getOrganizationById(acme.id), 404)
    await ada.api.orgs.updateOrganizationById(acme.id, { inviteLinks: true })
  })

  it("deleteOrganizationInviteById answers 205; the link is then gone", async () => {
    await expectFailure(bob.api.orgs.deleteOrganizationInviteById(acme.id, inviteId), 403)
    await expectFailure(eve.api.orgs.deleteOrganizationInviteById(acme.id, inviteId), 404)
    const { status } = await ada.api.orgs.deleteOrganizationInviteById(acme.id, inviteId)
    expect(status).toBe(205)
    await expectFailure(ada.api.orgs.getOrganizationInviteLink(acme.id, inviteId), 404)
    await expectFailure(dave.api.orgs.joinOrganizationWithInvite(acme.id, inviteId), 404)
    expect((await ada.api.orgs.listOrganizationInviteLinks(acme.id)).data.count).toBe(0)
  })
})

describe("updating an organization", () => {
  it("updateOrganizationById changes what is given", async () => {
    const { data } = await ada.api.orgs.updateOrganizationById(acme.id, {
      title: "Acme Corp",
      emailDomains: ["acme.test", "Acme.example"],
      defaultRole: MemberRole.Comment
    })
    expect(data).toMatchObject({ title: "Acme Corp", emailDomains: ["acme.test", "acme.example"], defaultRole: "comment" })
    expect((await bob.api.orgs.getOrganizationById(acme.id)).data.title).toBe("Acme Corp")
  })

  it("updateOrganizationById: bad input 400 naming the field, members 403, outsiders 404", async () => {
    await expectFailure(ada.api.orgs.updateOrganizationById(acme.id, { title: "" }), 400, /title/)
    await expectFailure(ada.api.orgs.updateOrganizationById(acme.id, { hostname: "-bad-" }), 400, /hostname/)
    await expectFailure(ada.api.orgs.updateOrganizationById(acme.id, { emailDomains: ["nope"] }), 400, /emailDomains\[0\]/)
    await expectFailure(ada.api.orgs.updateOrganizationById(acme.id, { inviteLinks: "yes" } as any), 400, /inviteLinks/)
    await expectFailure(bob.api.orgs.updateOrganizationById(acme.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.orgs.updateOrganizationById(acme.id, { title: "Eve's" }), 404)
    expect((await ada.api.orgs.getOrganizationById(acme.id)).data.title).toBe("Acme Corp")
  })

  it("getOrganizationsForEmailDomain answers only a caller whose own e-mail is in the domain", async () => {
    const forDave = await dave.api.emailDomains.getOrganizationsForEmailDomain("acme.test")
    expect(forDave.data.organizations.map((o) => o.id)).toEqual([acme.id])
    expect(forDave.data.organizations[0]!.permissions.view).toBe(false)
    const forEve = await eve.api.emailDomains.getOrganizationsForEmailDomain("acme.test")
    expect(forEve.data).toEqual({ organizations: [] })
    const ownDomain = await eve.api.emailDomains.getOrganizationsForEmailDomain("evil.test")
    expect(ownDomain.data).toEqual({ organizations: [] })
    // ada's address is in acme.test, not in the second domain Acme claims.
    expect((await ada.api.emailDomains.getOrganizationsForEmailDomain("acme.example")).data.organizations).toEqual([])
  })

  it("updateOrganizationMemberLastSeenAt (ping) sets the member's lastSeenAt", async () => {
    const before = await ada.api.orgs.getMemberInOrganizationById(acme.id, bob.user.id)
    expect(before.data.lastSeenAt).toBeUndefined()
    const started = Date.now()
    const { status } = await bob.api.orgs.updateOrganizationMemberLastSeenAt(acme.id)
    expect(status).toBe(200)
    const after = await ada.api.orgs.getMemberInOrganizationById(acme.id, bob.user.id)
    expect(after.data.lastSeenAt).toBeDefined()
    expect(Date.parse(after.data.lastSeenAt!)).toBeGreaterThanOrEqual(started - 5_000)
    await expectFailure(eve.api.orgs.updateOrganizationMemberLastSeenAt(acme.id), 404)
    await expectFailure(bob.api.orgs.updateOrganizationMemberLastSeenAt("unknownOrganization0"), 404)
  })
})

describe("members", () => {
  it("listMembersInOrganizationById: newest first by default, with order, role, search and sort", async () => {
    const ids = (list: { data: { items: Array<{ user: { id: string } }> } }) => list.data.items.map((m) => m.user.id)
    const all = await ada.api.orgs.listMembersInOrganizationById(acme.id)
    expect(all.data.count).toBe(3)
    expect(ids(all)).toEqual([carol.user.id, bob.user.id, ada.user.id])
    expect(all.data.items.map((m) => m.role)).toEqual(["edit", "read", "admin"])
    const asc = await ada.api.orgs.listMembersInOrganizationById(acme.id, { order: "asc" })
    expect(ids(asc)).toEqual([ada.user.id, bob.user.id, carol.user.id])
    const editors = await ada.api.orgs.listMembersInOrganizationById(acme.id, { role: MemberRole.Edit })
    expect(ids(editors)).toEqual([carol.user.id])
    expect(editors.data.count).toBe(1)
    const byName = await ada.api.orgs.listMembersInOrganizationById(acme.id, { search: "BO" })
    expect(ids(byName)).toEqual([bob.user.id])
    const byEmail = await ada.api.orgs.listMembersInOrganizationById(acme.id, { search: "carol@acme" })
    expect(ids(byEmail)).toEqual([carol.user.id])
    const byNameAsc = await ada.api.orgs.listMembersInOrganizationById(acme.id, { sort: "name", order: "asc" })
    expect(byNameAsc.data.items.map((m) => m.user.displayName)).toEqual(["Ada", "Bob", "Carol"])
    const seen = await ada.api.orgs.listMembersInOrganizationById(acme.id, { sort: "lastSeenAt" })
    expect(ids(seen)).toEqual([bob.user.id])
  })

  it("listMembersInOrganizationById: bad filters are 400 naming them, outsiders 404", async () => {
    await expectFailure(ada.api.orgs.listMembersInOrganizationById(acme.id, { role: "boss" as any }), 400, /role/)
    await expectFailure(ada.api.orgs.listMembersInOrganizationById(acme.id, { sort: "age" as any }), 400, /sort/)
    await expectFailure(ada.api.orgs.listMembersInOrganizationById(acme.id, { order: "up" as any }), 400, /order/)
    await expectFailure(eve.api.orgs.listMembersInOrganizationById(acme.id), 404)
  })

  it("getMemberInOrganizationById answers members; outsiders and unknown users get 404", async () => {
    const { data } = await bob.api.orgs.getMemberInOrganizationById(acme.id, ada.user.id)
    expect(data).toMatchObject({ object: "member", id: ada.user.id, role: "admin", disabled: false, sso: false })
    expect(data.user).toMatchObject({ id: ada.user.id, displayName: "Ada" })
    await expectFailure(eve.api.orgs.getMemberInOrganizationById(acme.id, ada.user.id), 404)
    await expectFailure(ada.api.orgs.getMemberInOrganizationById(acme.id, eve.user.id), 404)
    await expectFailure(ada.api.orgs.getMemberInOrganizationById(acme.id, "unknownUser00000000"), 404)
  })

  it("updateMemberInOrganizationById sets the role; bad role 400, members 403, outsiders 404", async () => {
    const { data } = await ada.api.orgs.updateMemberInOrganizationById(acme.id, bob.user.id, { role: MemberRole.Comment })
    expect(data).toMatchObject({ id: bob.user.id, role: "comment" })
    expect(await memberRole(ada, bob.user.id)).toBe("comment")
    await expectFailure(
      ada.api.orgs.updateMemberInOrganizationById(acme.id, bob.user.id, { role: "boss" } as any),
      400,
      /role/
    )
    await expectFailure(bob.api.orgs.updateMemberInOrganizationById(acme.id, carol.user.id, { role: MemberRole.Read }), 403)
    await expectFailure(eve.api.orgs.updateMemberInOrganizationById(acme.id, bob.user.id, { role: MemberRole.Read }), 404)
    await expectFailure(
      ada.api.orgs.updateMemberInOrganizationById(acme.id, "unknownUser00000000", { role: MemberRole.Read }),
      404
    )
  })

  it("the last admin cannot be demoted (409)", async () => {
    await expectFailure(ada.api.orgs.updateMemberInOrganizationById(acme.id, ada.user.id, { role: MemberRole.Read }), 409)
    expect(await memberRole(ada, ada.user.id)).toBe("admin")
  })

  it("POST /orgs/{id}/members/{userId}/sso marks the member as an SSO member", async () => {
    const byBob = await rawCall(server.url, bob.token, "POST", `/orgs/${acme.id}/members/${carol.user.id}/sso`)
    expect(byBob.status).toBe(403)
    const byEve = await rawCall(server.url, eve.token, "POST", `/orgs/${acme.id}/members/${carol.user.id}/sso`)
    expect(byEve.status).toBe(404)
    const unknown = await rawCall(server.url, ada.token, "POST", `/orgs/${acme.id}/members/unknownUser00000000/sso`)
    expect(unknown.status).toBe(404)
    const { status, body } = await rawCall(server.url, ada.token, "POST", `/orgs/${acme.id}/members/${carol.user.id}/sso`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ object: "member", id: carol.user.id, sso: true, role: "edit" })
    expect((await ada.api.orgs.getMemberInOrganizationById(acme.id, carol.user.id)).data.sso).toBe(true)
  })

  it("listSpacesForOrganizationMember lists the spaces a member can access, with its level", async () => {
    const space = (await ada.api.orgs.createSpace(acme.id, { title: "Handbook" })).data
    const forBob = await ada.api.orgs.listSpacesForOrganizationMember(acme.id, bob.user.id)
    expect(forBob.data.items.map((i) => [i.space.id, i.permission])).toEqual([[space.id, "comment"]])
    expect(forBob.data.count).toBe(1)
    const own = await carol.api.orgs.listSpacesForOrganizationMember(acme.id, carol.user.id)
    expect(own.data.items.map((i) => [i.space.id, i.permission])).toEqual([[space.id, "edit"]])
    const forAda = await ada.api.orgs.listSpacesForOrganizationMember(acme.id, ada.user.id)
    expect(forAda.data.items[0]).toMatchObject({ permission: "admin", space: { id: space.id } })
    await expectFailure(bob.api.orgs.listSpacesForOrganizationMember(acme.id, carol.user.id), 403)
    await expectFailure(eve.api.orgs.listSpacesForOrganizationMember(acme.id, bob.user.id), 404)
    await expectFailure(ada.api.orgs.listSpacesForOrganizationMember(acme.id, eve.user.id), 404)
    await expectFailure(ada.api.orgs.listSpacesForOrganizationMember(acme.id, bob.user.id, { order: "up" as any }), 400, /order/)
  })

  it("listTeamsForOrganizationMember lists the member's teams with its role in each", async () => {
    const team = (await ada.api.orgs.createOrganizationTeam(acme.id, { title: "Writers", members: [bob.user.id] })).data
    const { data } = await ada.api.orgs.listTeamsForOrganizationMember(acme.id, bob.user.id)
    expect(data.items.map((i) => [i.team.id, i.member.role])).toEqual([[team.id, "member"]])
    expect(data.count).toBe(1)
    expect((await bob.api.orgs.listTeamsForOrganizationMember(acme.id, bob.user.id, { title: "WRIT" })).data.count).toBe(1)
    expect((await bob.api.orgs.listTeamsForOrganizationMember(acme.id, bob.user.id, { title: "zzz" })).data.items).toEqual([])
    expect((await ada.api.orgs.listTeamsForOrganizationMember(acme.id, carol.user.id)).data.items).toEqual([])
    await expectFailure(eve.api.orgs.listTeamsForOrganizationMember(acme.id, bob.user.id), 404)
    await expectFailure(ada.api.orgs.listTeamsForOrganizationMember(acme.id, eve.user.id), 404)
  })

  it("removeMemberFromOrganizationById answers 204; the removed member loses access", async () => {
    await expectFailure(bob.api.orgs.removeMemberFromOrganizationById(acme.id, carol.user.id), 403)
    await expectFailure(eve.api.orgs.removeMemberFromOrganizationById(acme.id, carol.user.id), 404)
    await expectFailure(ada.api.orgs.removeMemberFromOrganizationById(acme.id, ada.user.id), 409)
    const { status } = await ada.api.orgs.removeMemberFromOrganizationById(acme.id, carol.user.id)
    expect(status).toBe(204)
    await expectFailure(carol.api.orgs.getOrganizationById(acme.id), 404)
    await expectFailure(ada.api.orgs.getMemberInOrganizationById(acme.id, carol.user.id), 404)
    // A member may leave on its own; it also leaves its teams.
    expect((await bob.api.orgs.removeMemberFromOrganizationById(acme.id, bob.user.id)).status).toBe(204)
    const remaining = await ada.api.orgs.listMembersInOrganizationById(acme.id)
    expect(remaining.data.items.map((m) => m.user.id)).toEqual([ada.user.id])
    const teams = await ada.api.orgs.listTeamsInOrganizationById(acme.id)
    expect(teams.data.items.map((t) => t.members)).toEqual([0])
  })
})

it("exercised every organization, invite and member operation", () => {
  expect(notExercised(operationsByArea.organizations)).toEqual([])
})
