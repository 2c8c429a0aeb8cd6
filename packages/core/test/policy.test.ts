import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import {
  collectionPermissions,
  contentLevel,
  type MemberRecord,
  type MemberRole,
  type MemberRoleOrGuest,
  organizationPermissions,
  OrganizationId,
  rank,
  type ResolvedLevel,
  ROLES,
  spacePermissions,
  teamPermissions,
  UserId
} from "../src/index.js"

const member = (role: MemberRoleOrGuest, disabled = false): MemberRecord => ({
  organizationId: OrganizationId.make("o"),
  userId: UserId.make("u"),
  role,
  disabled,
  sso: false,
  joinedAt: "2026-01-01T00:00:00.000Z",
  lastSeenAt: null
})

const roleOrGuest = fc.constantFrom<MemberRoleOrGuest>(null, ...ROLES)
const resolved = fc.constantFrom<ResolvedLevel>("none", "inherit", ...ROLES)
const editMode = fc.constantFrom("live" as const, "locked" as const)

/** Every permission true in `lower` is true in `higher`. */
const includes = (higher: Record<string, boolean>, lower: Record<string, boolean>) =>
  Object.entries(lower).every(([key, allowed]) => !allowed || higher[key] === true)

describe("Policy", () => {
  it.prop("an organization admin may do everything on content, whatever its default level", [resolved, editMode], ([level, mode]) => {
    const admin = member("admin")
    expect(contentLevel(admin, level)).toBe("admin")
    expect(Object.values(collectionPermissions(contentLevel(admin, level))).every(Boolean)).toBe(true)
    const space = spacePermissions(contentLevel(admin, level), mode)
    const contentChanges = ["edit", "triggerGitSync", "merge"]
    for (const [key, allowed] of Object.entries(space)) {
      expect(allowed).toBe(mode === "live" || !contentChanges.includes(key))
    }
    expect(organizationPermissions(admin, false)).toEqual({
      view: true,
      access: true,
      admin: true,
      ownTeam: false,
      createContent: true,
      createOpenAPISpec: true,
      viewBilling: true,
      listMembers: true,
      listTeams: true,
      listIntegrations: true,
      listInstallations: true,
      installIntegration: true
    })
  })

  it.prop("someone outside the organization (or disabled) gets nothing", [resolved, editMode, fc.boolean(), roleOrGuest], ([level, mode, owns, role]) => {
    for (const outsider of [undefined, member(role, true)]) {
      expect(contentLevel(outsider, level)).toBeUndefined()
      expect(Object.values(organizationPermissions(outsider, owns)).some(Boolean)).toBe(false)
      expect(Object.values(spacePermissions(contentLevel(outsider, level), mode)).some(Boolean)).toBe(false)
      expect(Object.values(collectionPermissions(contentLevel(outsider, level))).some(Boolean)).toBe(false)
      expect(Object.values(teamPermissions(outsider, "owner")).some(Boolean)).toBe(false)
    }
  })

  it.prop(
    "raising a role never removes a permission",
    [roleOrGuest, roleOrGuest, resolved, editMode, fc.boolean(), fc.constantFrom(undefined, "member" as const, "owner" as const)],
    ([a, b, level, mode, owns, teamRole]) => {
      const [low, high] = rank(a) <= rank(b) ? [a, b] : [b, a]
      const lowLevel = contentLevel(member(low), level)
      const highLevel = contentLevel(member(high), level)
      expect(rank(highLevel)).toBeGreaterThanOrEqual(rank(lowLevel))
      expect(includes({ ...organizationPermissions(member(high), owns) }, { ...organizationPermissions(member(low), owns) })).toBe(true)
      expect(includes({ ...spacePermissions(highLevel, mode) }, { ...spacePermissions(lowLevel, mode) })).toBe(true)
      expect(includes({ ...collectionPermissions(highLevel) }, { ...collectionPermissions(lowLevel) })).toBe(true)
      expect(includes({ ...teamPermissions(member(high), teamRole) }, { ...teamPermissions(member(low), teamRole) })).toBe(true)
    }
  )

  it.prop("raising a content's default level never removes a permission", [roleOrGuest, editMode, fc.constantFrom<MemberRole>(...ROLES), fc.constantFrom<MemberRole>(...ROLES)], ([role, mode, x, y]) => {
    const [low, high] = rank(x) <= rank(y) ? [x, y] : [y, x]
    const m = member(role)
    expect(includes({ ...spacePermissions(contentLevel(m, high), mode) }, { ...spacePermissions(contentLevel(m, low), mode) })).toBe(true)
    expect(includes({ ...spacePermissions(contentLevel(m, "inherit"), mode) }, { ...spacePermissions(contentLevel(m, "none"), mode) })).toBe(true)
  })

  it("caps a member's role by the content's level, and `none` hides content from non-admins", () => {
    expect(contentLevel(member("edit"), "read")).toBe("read")
    expect(contentLevel(member("read"), "edit")).toBe("read")
    expect(contentLevel(member("create"), "inherit")).toBe("create")
    expect(contentLevel(member("create"), "none")).toBeUndefined()
    expect(contentLevel(member(null), "admin")).toBeUndefined()
  })

  it("a locked space refuses content changes but keeps administration", () => {
    const locked = spacePermissions("admin", "locked")
    expect(locked.edit || locked.merge || locked.triggerGitSync).toBe(false)
    expect(locked.admin && locked.view && locked.comment && locked.review).toBe(true)
  })
})
