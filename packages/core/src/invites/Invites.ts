import { Effect, Option } from "effect"
import { Access } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand, unrestricted } from "../policy/Authorized.js"
import { Forbidden, NotFound } from "../shared/errors.js"
import { type InviteId, makeId, type OrganizationId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { maxRole } from "../shared/role.js"
import { now } from "../shared/time.js"
import { InviteRepository, inviteSortKey } from "../storage/invites/InviteRepository.js"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { Storage } from "../storage/Storage.js"
import { CreateInviteInput, UpdateInviteInput, validateInviteInput } from "./inputs.js"
import { renderInvite } from "./render.js"

const linksDisabled = new Forbidden({ message: "Invite links are disabled in this organization" })
const ssoOnly = new Forbidden({
  message: "This organization admits new members through single sign-on only: sign in through its SAML provider"
})

export class Invites extends Effect.Service<Invites>()("@quire/core/Invites", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const access = yield* Access
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const invites = yield* InviteRepository

    const command = authorizedCommand(storage)

    const findInvite = (organizationId: OrganizationId, inviteId: InviteId) =>
      Effect.flatten(invites.find(organizationId, inviteId)).pipe(Effect.orElseFail(() => NotFound.of("Invite", inviteId)))

    /**
     * The invite as seen by whoever holds its id, member of the organization or not: the id
     * is the secret. An unknown organization and an unknown invite give the same NotFound.
     */
    const holderView = (organizationId: OrganizationId, inviteId: InviteId) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        const organization = yield* Effect.flatten(organizations.findById(organizationId)).pipe(
          Effect.orElseFail(() => NotFound.of("Invite", inviteId))
        )
        const invite = yield* findInvite(organizationId, inviteId)
        const member: MemberRecord | undefined = Option.getOrUndefined(yield* members.find(organizationId, actor.id))
        return { organization, invite, member }
      })

    const list = (organizationId: OrganizationId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const grant = yield* access.organization(organizationId, "admin", "manage invite links")
          const slice = yield* invites.list(organizationId, keyset)
          return toPage(keyset, slice, inviteSortKey, (invite) => renderInvite(invite, grant.member))
        })
      )

    const create = (organizationId: OrganizationId, input: CreateInviteInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validateInviteInput(CreateInviteInput)(input)
          const grant = yield* access.organization(organizationId, "admin", "create invite links")
          const invite = {
            id: yield* makeId<InviteId>(),
            organizationId,
            role: valid.role,
            createdAt: yield* now
          }
          yield* invites.insert(invite)
          return renderInvite(invite, grant.member)
        })
      )

    /**
     * Admins always see the organization's links; anyone else holding the id may look at the
     * invite before joining, while invite links are enabled.
     */
    const get = (organizationId: OrganizationId, inviteId: InviteId) =>
      unrestricted(
        "the invite id is the permission: whoever holds the link may look at it",
        Effect.gen(function* () {
          const view = yield* holderView(organizationId, inviteId)
          const isAdmin = view.member !== undefined && !view.member.disabled && view.member.role === "admin"
          if (!isAdmin && !view.organization.inviteLinks) return yield* Effect.fail(linksDisabled)
          return renderInvite(view.invite, view.member)
        })
      )

    const update = (organizationId: OrganizationId, inviteId: InviteId, input: UpdateInviteInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validateInviteInput(UpdateInviteInput)(input)
          const grant = yield* access.organization(organizationId, "admin", "change invite links")
          const invite = yield* findInvite(organizationId, inviteId)
          const next = { ...invite, role: valid.role }
          if (invite.role !== valid.role) yield* invites.update(next)
          return renderInvite(next, grant.member)
        })
      )

    /** Whether there was such a link to delete (deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, inviteId: InviteId) =>
      command(
        Effect.gen(function* () {
          yield* access.organization(organizationId, "admin", "delete invite links")
          const existing = yield* invites.find(organizationId, inviteId)
          if (Option.isNone(existing)) return false
          yield* invites.delete(organizationId, inviteId)
          return true
        })
      )

    /**
     * The caller joins with the link's role; a member already there keeps the higher of its
     * role and the link's, so a link never demotes anyone.
     */
    const join = (organizationId: OrganizationId, inviteId: InviteId) =>
      storage.transaction(
        unrestricted(
          "joining through an invite link: the link id is the permission",
          Effect.gen(function* () {
            const actor = yield* Actor
            const { organization, invite, member } = yield* holderView(organizationId, inviteId)
            if (!organization.inviteLinks) return yield* Effect.fail(linksDisabled)
            if (member === undefined) {
              if (organization.sso) return yield* Effect.fail(ssoOnly)
              yield* members.insert({
                organizationId,
                userId: actor.id,
                role: invite.role,
                disabled: false,
                sso: false,
                joinedAt: yield* now,
                lastSeenAt: null
              })
            } else if (member.disabled) {
              return yield* Effect.fail(
                new Forbidden({ message: "Your membership of this organization was disabled by its admins" })
              )
            } else {
              const role = maxRole(member.role, invite.role)
              if (role !== member.role) yield* members.update({ ...member, role })
            }
            return {}
          })
        )
      )

    return { list, create, get, update, remove, join } as const
  }),
  dependencies: [Access.Default]
}) {}
