import {
  InviteRepository,
  inviteSortKey,
  MemberRepository,
  OrganizationRepository,
  organizationSortKey,
  UserRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, FastCheck as fc } from "effect"
import {
  at,
  byId,
  makeInvite,
  makeMember,
  makeOrganization,
  makeUser,
  newId,
  sortRows,
  type StorageLayer,
  walk
} from "./contract-fixtures.js"

const NUM_RUNS = 25

export const organizationsContract = (storage: StorageLayer) =>
  describe("OrganizationRepository and InviteRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("an organization comes back as inserted and as updated", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const bare = makeOrganization()
          const full = makeOrganization({
            title: "Full",
            createdAt: at(1.5),
            updatedAt: at(2),
            emailDomains: ["example.com", "acme.org"],
            hostname: `docs-${newId<string>().toLowerCase()}.example.com`,
            type: "community",
            defaultRole: null,
            defaultContentSite: "site_1",
            logo: "https://example.com/logo.png",
            sso: true,
            ai: true,
            inviteLinks: false
          })
          yield* organizations.insert(bare)
          yield* organizations.insert(full)
          expect(yield* organizations.findById(bare.id)).toStrictEqual(Option.some(bare))
          expect(yield* organizations.findById(full.id)).toStrictEqual(Option.some(full))

          const updated = { ...bare, title: "Renamed", emailDomains: ["x.io"], ai: true, defaultRole: "edit" as const, updatedAt: at(9) }
          yield* organizations.update(updated)
          expect(yield* organizations.findById(bare.id)).toStrictEqual(Option.some(updated))
          const cleared = { ...full, emailDomains: [], hostname: null, logo: null, defaultContentSite: null, sso: false }
          yield* organizations.update(cleared)
          expect(yield* organizations.findById(full.id)).toStrictEqual(Option.some(cleared))
          expect(yield* organizations.findById(newId())).toStrictEqual(Option.none())
        })
      )

      it.effect("finds an organization by hostname", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const hostname = `kb-${newId<string>().toLowerCase()}.example.com`
          const organization = makeOrganization({ hostname })
          yield* organizations.insert(organization)
          yield* organizations.insert(makeOrganization())
          expect(yield* organizations.findByHostname(hostname)).toStrictEqual(Option.some(organization))
          expect(yield* organizations.findByHostname(`other-${hostname}`)).toStrictEqual(Option.none())
        })
      )

      it.effect("finds the organizations that list an e-mail domain", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const domain = `${newId<string>().toLowerCase()}.com`
          const first = makeOrganization({ emailDomains: ["other.com", domain], createdAt: at(1) })
          const second = makeOrganization({ emailDomains: [domain], createdAt: at(2) })
          const near = makeOrganization({ emailDomains: [`x${domain}`, `${domain}.uk`, `sub.${domain}`] })
          yield* Effect.forEach([first, second, near], organizations.insert)
          expect(byId(yield* organizations.findByEmailDomain(domain))).toStrictEqual(byId([first, second]))
          expect(yield* organizations.findByEmailDomain(`none-${domain}`)).toStrictEqual([])
        })
      )

      it.effect.prop(
        "listForUser walks the user's organizations by (createdAt, id), each once",
        [
          fc.array(fc.record({ created: fc.integer({ min: 0, max: 4 }), member: fc.boolean() }), {
            minLength: 1,
            maxLength: 12
          }),
          fc.integer({ min: 1, max: 5 })
        ],
        ([shapes, limit]) =>
          Effect.gen(function* () {
            const users = yield* UserRepository
            const organizations = yield* OrganizationRepository
            const members = yield* MemberRepository
            const user = makeUser()
            const stranger = makeUser()
            yield* users.insert(user)
            yield* users.insert(stranger)
            const mine = []
            for (const shape of shapes) {
              const organization = makeOrganization({ createdAt: at(shape.created) })
              yield* organizations.insert(organization)
              yield* members.insert(makeMember(organization.id, stranger.id))
              if (shape.member) {
                yield* members.insert(makeMember(organization.id, user.id, { role: "admin" }))
                mine.push(organization)
              }
            }
            const expected = sortRows(mine, organizationSortKey)
            const listed = yield* walk((k) => organizations.listForUser(user.id, k), limit, organizationSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )

      it.effect("an invite comes back as inserted, updated, and is gone once deleted", () =>
        Effect.gen(function* () {
          const organizations = yield* OrganizationRepository
          const invites = yield* InviteRepository
          const organization = makeOrganization()
          const other = makeOrganization()
          yield* organizations.insert(organization)
          yield* organizations.insert(other)
          const guest = makeInvite(organization.id, { role: null, createdAt: at(3) })
          const admin = makeInvite(organization.id, { role: "admin" })
          yield* invites.insert(guest)
          yield* invites.insert(admin)
          expect(yield* invites.find(organization.id, guest.id)).toStrictEqual(Option.some(guest))
          expect(yield* invites.find(organization.id, admin.id)).toStrictEqual(Option.some(admin))
          // An invite belongs to one organization.
          expect(yield* invites.find(other.id, guest.id)).toStrictEqual(Option.none())

          const updated = { ...guest, role: "edit" as const }
          yield* invites.update(updated)
          expect(yield* invites.find(organization.id, guest.id)).toStrictEqual(Option.some(updated))

          yield* invites.delete(other.id, guest.id)
          expect(yield* invites.find(organization.id, guest.id)).toStrictEqual(Option.some(updated))
          yield* invites.delete(organization.id, guest.id)
          expect(yield* invites.find(organization.id, guest.id)).toStrictEqual(Option.none())
          expect(yield* invites.find(organization.id, admin.id)).toStrictEqual(Option.some(admin))
        })
      )

      it.effect.prop(
        "invites list walks the organization's invites by (createdAt, id), each once",
        [fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 })],
        ([created, limit]) =>
          Effect.gen(function* () {
            const organizations = yield* OrganizationRepository
            const invites = yield* InviteRepository
            const organization = makeOrganization()
            const other = makeOrganization()
            yield* organizations.insert(organization)
            yield* organizations.insert(other)
            const mine = created.map((c, i) => makeInvite(organization.id, { createdAt: at(c), role: i % 3 === 0 ? null : "read" }))
            yield* Effect.forEach(mine, invites.insert)
            yield* invites.insert(makeInvite(other.id))
            const expected = sortRows(mine, inviteSortKey)
            const listed = yield* walk((k) => invites.list(organization.id, k), limit, inviteSortKey, expected.length)
            expect(listed).toStrictEqual(expected)
          }),
        { fastCheck: { numRuns: NUM_RUNS } }
      )
    })
  })
