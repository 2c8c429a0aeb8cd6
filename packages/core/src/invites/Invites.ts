import { Effect, Option } from "effect"
import type { MemberRecord } from "../storage/members/MemberRecord.js"
import { MemberRepository } from "../storage/members/MemberRepository.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { Actor } from "../policy/Actor.js"
import { organizationAccessFor } from "../policy/access.js"
import { Forbidden, NotFound } from "../shared/errors.js"
import { type InviteId, makeId, type OrganizationId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { maxRole } from "../shared/role.js"
import { now } from "../shared/time.js"
import { Storage } from "../storage/Storage.js"
import type { TeamRepository } from "../storage/teams/TeamRepository.js"
import { CreateInviteInput, UpdateInviteInput, validateInviteInput } from "./inputs.js"
import { InviteRepository, inviteSortKey } from "../storage/invites/InviteRepository.js"
import { renderInvite } from "./render.js"

type Ports = OrganizationRepository | MemberRepository | TeamRepository | InviteRepository

const linksDisabled = new Forbidden({ message: "Invite links are disabled in this organization" })

export class Invites extends Effect.Service<Invites>()("@quire/core/Invites", {
  effect: Effect.gen(function* () {
    const storage = yield* Storage
    const organizations = yield* OrganizationRepository
    const members = yield* MemberRepository
    const invites = yield* InviteRepository
    const ports = yield* Effect.context<Ports>()
    const run = <A, E>(self: Effect.Effect<A, E, Actor | Ports>) => Effect.provide(self, ports)

    const adminAccess = (organizationId: OrganizationId, action: string) =>
      organizationAccessFor(organizationId, "admin", action)

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
      run(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const access = yield* adminAccess(organizationId, "manage invite links")
          const slice = yield* invites.list(organizationId, keyset)
          return toPage(keyset, slice, inviteSortKey, (invite) => renderInvite(invite, access.member))
        })
      )

    const create = (organizationId: OrganizationId, input: CreateInviteInput) =>
      storage.transaction(
        run(
          Effect.gen(function* () {
            const valid = yield* validateInviteInput(CreateInviteInput)(input)
            const access = yield* adminAccess(organizationId, "create invite links")
            const invite = {
              id: yield* makeId<InviteId>(),
              organizationId,
              role: valid.role,
              createdAt: yield* now
            }
            yield* invites.insert(invite)
            return renderInvite(invite, access.member)
          })
        )
      )

    /**
     * Admins always see the organization's links; anyone else holding the id may look at the
     * invite before joining, while invite links are enabled.
     */
    const get = (organizationId: OrganizationId, inviteId: InviteId) =>
      run(
        Effect.gen(function* () {
          const view = yield* holderView(organizationId, inviteId)
          const isAdmin = view.member !== undefined && !view.member.disabled && view.member.role === "admin"
          if (!isAdmin && !view.organization.inviteLinks) return yield* Effect.fail(linksDisabled)
          return renderInvite(view.invite, view.member)
        })
      )

    const update = (organizationId: OrganizationId, inviteId: InviteId, input: UpdateInviteInput) =>
      storage.transaction(
        run(
          Effect.gen(function* () {
            const valid = yield* validateInviteInput(UpdateInviteInput)(input)
            const access = yield* adminAccess(organizationId, "change invite links")
            const invite = yield* findInvite(organizationId, inviteId)
            const next = { ...invite, role: valid.role }
            if (invite.role !== valid.role) yield* invites.update(next)
            return renderInvite(next, access.member)
          })
        )
      )

    /** Deleting an invite that does not exist does nothing. */
    /** Whether there was such a link to delete (deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, inviteId: InviteId) =>
      storage.transaction(
        run(
          Effect.gen(function* () {
            yield* adminAccess(organizationId, "delete invite links")
            const existing = yield* invites.find(organizationId, inviteId)
            if (Option.isNone(existing)) return false
            yield* invites.delete(organizationId, inviteId)
            return true
          })
        )
      )

    /**
     * The caller joins with the link's role; a member already there keeps the higher of its
     * role and the link's, so a link never demotes anyone.
     */
    const join = (organizationId: OrganizationId, inviteId: InviteId) =>
      storage.transaction(
        run(
          Effect.gen(function* () {
            const actor = yield* Actor
            const { organization, invite, member } = yield* holderView(organizationId, inviteId)
            if (!organization.inviteLinks) return yield* Effect.fail(linksDisabled)
            if (member === undefined) {
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
  })
}) {}
