import { MemberRole, type Organization, type OrganizationTeam, TeamMemberRole } from "./support/gitbookTypes.js"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { expectFailure, makeUsers, notExercised, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { operationsByArea } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"

/**
 * Teams of an organization through the official client. ada is the admin; bob, carol and
 * olga are editors (olga becomes owner of a team, which lets her manage it without being
 * an admin); gus is a guest (role null); eve is not a member.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let carol: Principal
let olga: Principal
let gus: Principal
let eve: Principal
let acme: Organization
let writers: OrganizationTeam
let reviewers: OrganizationTeam

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob, carol, olga, gus] = await makeUsers(server, "acme.test", ["Ada", "Bob", "Carol", "Olga", "Gus"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  acme = (await ada.api.orgs.createOrganization({ title: "Acme" })).data
  const editors = (await ada.api.orgs.createOrganizationInvite(acme.id, { role: MemberRole.Edit })).data.id
  for (const who of [bob, carol, olga]) await who.api.orgs.joinOrganizationWithInvite(acme.id, editors)
  const guests = (await ada.api.orgs.createOrganizationInvite(acme.id, { role: null })).data.id
  await gus.api.orgs.joinOrganizationWithInvite(acme.id, guests)
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

const teamMembers = async (teamId: string) => {
  const { data } = await ada.api.orgs.listTeamMembersInOrganizationById(acme.id, teamId)
  return Object.fromEntries(data.items.map((item) => [item.organization.user.id, item.team.role]))
}

describe("creating and reading teams", () => {
  it("createOrganizationTeam (PUT) answers 201 with the team", async () => {
    const created = await ada.api.orgs.createOrganizationTeam(acme.id, { title: "Writers", members: [bob.user.id] })
    expect(created.status).toBe(201)
    writers = created.data
    expect(writers).toMatchObject({ object: "team", title: "Writers", members: 1, permissions: { admin: true, view: true } })
    reviewers = (await ada.api.orgs.createOrganizationTeam(acme.id, { title: "Reviewers" })).data
    expect(reviewers.members).toBe(0)
    expect(await teamMembers(writers.id)).toEqual({ [bob.user.id]: "member" })
  })

  it("createOrganizationTeam: bad input 400 naming the field, non-admins 403, outsiders 404", async () => {
    await expectFailure(ada.api.orgs.createOrganizationTeam(acme.id, { title: "" }), 400, /title/)
    await expectFailure(ada.api.orgs.createOrganizationTeam(acme.id, { title: "x".repeat(65) }), 400, /title/)
    await expectFailure(ada.api.orgs.createOrganizationTeam(acme.id, {} as any), 400, /title/)
    await expectFailure(
      ada.api.orgs.createOrganizationTeam(acme.id, { title: "Mixed", members: [bob.user.id, eve.user.id] }),
      400,
      /members\[1\]/
    )
    await expectFailure(bob.api.orgs.createOrganizationTeam(acme.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.orgs.createOrganizationTeam(acme.id, { title: "Eve's" }), 404)
    expect((await ada.api.orgs.listTeamsInOrganizationById(acme.id)).data.count).toBe(2)
  })

  it("listTeamsInOrganizationById lists teams, filtered by title (case-insensitive)", async () => {
    const { data } = await bob.api.orgs.listTeamsInOrganizationById(acme.id)
    expect(data.count).toBe(2)
    expect(data.items.map((t) => t.title).sort()).toEqual(["Reviewers", "Writers"])
    expect(data.items.every((t) => t.permissions.view && !t.permissions.admin)).toBe(true)
    const filtered = await bob.api.orgs.listTeamsInOrganizationById(acme.id, { title: "WRIT" })
    expect(filtered.data.items.map((t) => t.id)).toEqual([writers.id])
    expect(filtered.data.count).toBe(1)
  })

  it("listTeamsInOrganizationById: guests 403, outsiders 404", async () => {
    await expectFailure(gus.api.orgs.listTeamsInOrganizationById(acme.id), 403)
    await expectFailure(eve.api.orgs.listTeamsInOrganizationById(acme.id), 404)
  })

  it("getTeamInOrganizationById answers non-guest members; guests 403, outsiders and unknown ids 404", async () => {
    const { data } = await bob.api.orgs.getTeamInOrganizationById(acme.id, writers.id)
    expect(data).toMatchObject({ id: writers.id, title: "Writers", members: 1, permissions: { view: true, admin: false } })
    await expectFailure(gus.api.orgs.getTeamInOrganizationById(acme.id, writers.id), 403)
    await expectFailure(eve.api.orgs.getTeamInOrganizationById(acme.id, writers.id), 404)
    await expectFailure(ada.api.orgs.getTeamInOrganizationById(acme.id, "unknownTeam00000000"), 404)
  })
})

describe("team members", () => {
  it("addMemberToOrganizationTeamById answers 204: adds as member, or sets the given role", async () => {
    const added = await ada.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, carol.user.id, {})
    expect(added.status).toBe(204)
    const owner = await ada.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, olga.user.id, {
      role: TeamMemberRole.Owner
    })
    expect(owner.status).toBe(204)
    expect(await teamMembers(writers.id)).toEqual({
      [bob.user.id]: "member",
      [carol.user.id]: "member",
      [olga.user.id]: "owner"
    })
    expect((await ada.api.orgs.getTeamInOrganizationById(acme.id, writers.id)).data.members).toBe(3)
  })

  it("a team owner manages the team without being an admin", async () => {
    const asOwner = await olga.api.orgs.getTeamInOrganizationById(acme.id, writers.id)
    expect(asOwner.data.permissions).toEqual({ admin: true, view: true })
    expect((await olga.api.orgs.getOrganizationById(acme.id)).data.permissions.ownTeam).toBe(true)
    const renamed = await olga.api.orgs.updateTeamInOrganizationById(acme.id, writers.id, { title: "Authors" })
    expect(renamed.data).toMatchObject({ id: writers.id, title: "Authors" })
    expect(
      (await olga.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, carol.user.id, { role: TeamMemberRole.Owner }))
        .status
    ).toBe(204)
    expect((await teamMembers(writers.id))[carol.user.id]).toBe("owner")
    // Owning one team gives nothing on another.
    await expectFailure(olga.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, { title: "Mine" }), 403)
    const owned = await ada.api.orgs.listTeamsInOrganizationById(acme.id, { owner: olga.user.id })
    expect(owned.data.items.map((t) => t.id)).toEqual([writers.id])
    const forAdmin = await ada.api.orgs.listTeamsInOrganizationById(acme.id, { owner: ada.user.id })
    expect(forAdmin.data.count).toBe(2)
  })

  it("addMemberToOrganizationTeamById: bad role 400, plain members 403, outsiders and non-members 404", async () => {
    await expectFailure(
      ada.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, bob.user.id, { role: "boss" } as any),
      400,
      /role/
    )
    await expectFailure(bob.api.orgs.addMemberToOrganizationTeamById(acme.id, reviewers.id, bob.user.id, {}), 403)
    await expectFailure(eve.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, eve.user.id, {}), 404)
    await expectFailure(ada.api.orgs.addMemberToOrganizationTeamById(acme.id, writers.id, eve.user.id, {}), 404)
    await expectFailure(ada.api.orgs.addMemberToOrganizationTeamById(acme.id, "unknownTeam00000000", bob.user.id, {}), 404)
    expect((await teamMembers(writers.id))[bob.user.id]).toBe("member")
    expect(await teamMembers(reviewers.id)).toEqual({})
  })

  it("listTeamMembersInOrganizationById lists members with their team role", async () => {
    const { data } = await bob.api.orgs.listTeamMembersInOrganizationById(acme.id, writers.id)
    expect(data.count).toBe(3)
    const bobs = data.items.find((item) => item.organization.user.id === bob.user.id)
    expect(bobs).toMatchObject({ organization: { object: "member", role: "edit" }, team: { role: "member" }, permissions: { view: true } })
    await expectFailure(gus.api.orgs.listTeamMembersInOrganizationById(acme.id, writers.id), 403)
    await expectFailure(eve.api.orgs.listTeamMembersInOrganizationById(acme.id, writers.id), 404)
    await expectFailure(ada.api.orgs.listTeamMembersInOrganizationById(acme.id, "unknownTeam00000000"), 404)
  })

  it("updateMembersInOrganizationTeam applies add, memberships and remove; answers 204", async () => {
    const { status } = await ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, {
      add: [bob.user.id, "carol@acme.test", olga.user.id],
      memberships: { [carol.user.id]: { role: TeamMemberRole.Owner } },
      remove: ["olga@acme.test"]
    })
    expect(status).toBe(204)
    // olga was both added and removed: she ends up removed.
    expect(await teamMembers(reviewers.id)).toEqual({ [bob.user.id]: "member", [carol.user.id]: "owner" })
    expect((await ada.api.orgs.getTeamInOrganizationById(acme.id, reviewers.id)).data.members).toBe(2)
  })

  it("updateMembersInOrganizationTeam keeps roles of members already there and removes by e-mail", async () => {
    await ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, {
      add: [carol.user.id, olga.user.id],
      remove: ["bob@acme.test"]
    })
    expect(await teamMembers(reviewers.id)).toEqual({ [carol.user.id]: "owner", [olga.user.id]: "member" })
  })

  it("updateMembersInOrganizationTeam: a bad entry is 400 naming it and changes nothing", async () => {
    const before = await teamMembers(reviewers.id)
    await expectFailure(
      ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, { add: [bob.user.id, eve.user.id] }),
      400,
      /add\[1\]/
    )
    await expectFailure(
      ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, { remove: ["nobody@acme.test"] }),
      400,
      /remove\[0\]/
    )
    await expectFailure(
      ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, {
        add: [bob.user.id],
        memberships: { [bob.user.id]: { role: "boss" as any } }
      }),
      400,
      /memberships/
    )
    await expectFailure(
      ada.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, { add: "bob" } as any),
      400,
      /add/
    )
    expect(await teamMembers(reviewers.id)).toEqual(before)
  })

  it("updateMembersInOrganizationTeam: plain members 403, outsiders 404", async () => {
    await expectFailure(bob.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, { add: [bob.user.id] }), 403)
    await expectFailure(eve.api.orgs.updateMembersInOrganizationTeam(acme.id, reviewers.id, { add: [eve.user.id] }), 404)
    await expectFailure(
      ada.api.orgs.updateMembersInOrganizationTeam(acme.id, "unknownTeam00000000", { add: [bob.user.id] }),
      404
    )
  })

  it("deleteMemberFromOrganizationTeamById answers 204", async () => {
    await expectFailure(bob.api.orgs.deleteMemberFromOrganizationTeamById(acme.id, reviewers.id, olga.user.id), 403)
    await expectFailure(eve.api.orgs.deleteMemberFromOrganizationTeamById(acme.id, reviewers.id, olga.user.id), 404)
    const { status } = await ada.api.orgs.deleteMemberFromOrganizationTeamById(acme.id, reviewers.id, olga.user.id)
    expect(status).toBe(204)
    expect(await teamMembers(reviewers.id)).toEqual({ [carol.user.id]: "owner" })
    // carol owns the team: she may remove herself.
    await carol.api.orgs.deleteMemberFromOrganizationTeamById(acme.id, reviewers.id, carol.user.id)
    expect(await teamMembers(reviewers.id)).toEqual({})
  })
})

describe("updating and deleting teams", () => {
  it("updateTeamInOrganizationById renames; bad title 400, plain members 403, outsiders 404", async () => {
    const { data } = await ada.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, { title: "Editors" })
    expect(data).toMatchObject({ id: reviewers.id, title: "Editors" })
    await expectFailure(ada.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, { title: "" }), 400, /title/)
    await expectFailure(ada.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, {} as any), 400, /title/)
    await expectFailure(bob.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, { title: "Bob's" }), 403)
    await expectFailure(eve.api.orgs.updateTeamInOrganizationById(acme.id, reviewers.id, { title: "Eve's" }), 404)
    await expectFailure(ada.api.orgs.updateTeamInOrganizationById(acme.id, "unknownTeam00000000", { title: "X" }), 404)
    expect((await bob.api.orgs.getTeamInOrganizationById(acme.id, reviewers.id)).data.title).toBe("Editors")
  })

  it("removeTeamFromOrganizationById deletes the team (205); owners and outsiders cannot", async () => {
    await expectFailure(olga.api.orgs.removeTeamFromOrganizationById(acme.id, writers.id), 403)
    await expectFailure(eve.api.orgs.removeTeamFromOrganizationById(acme.id, writers.id), 404)
    const { status } = await ada.api.orgs.removeTeamFromOrganizationById(acme.id, writers.id)
    expect(status).toBe(205)
    await expectFailure(ada.api.orgs.getTeamInOrganizationById(acme.id, writers.id), 404)
    expect((await ada.api.orgs.listTeamsInOrganizationById(acme.id)).data.items.map((t) => t.id)).toEqual([reviewers.id])
    expect((await ada.api.orgs.listTeamsForOrganizationMember(acme.id, bob.user.id)).data.items).toEqual([])
  })
})

it("exercised every team operation", () => {
  expect(notExercised(operationsByArea.teams)).toEqual([])
})
