import {
  type OrganizationId,
  type SamlProviderId,
  type SamlProviderRecord,
  SamlRepository,
  type SamlRequestRecord,
  type SsoHandoffRecord,
  UserRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, makeUser, newId, type StorageLayer, storedOrganization } from "./contract-fixtures.js"

const provider = (organizationId: OrganizationId, over: Partial<SamlProviderRecord> = {}): SamlProviderRecord => ({
  id: newId<SamlProviderId>(),
  organizationId,
  label: "IdP",
  entityID: "https://idp.example.com",
  ssoURL: "https://idp.example.com/sso",
  certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
  defaultTeamId: null,
  defaultRole: "read",
  createdAt: at(1),
  updatedAt: at(1),
  ...over
})

const request = (providerId: SamlProviderId, over: Partial<SamlRequestRecord> = {}): SamlRequestRecord => ({
  id: `_${newId<string>()}`,
  providerId,
  returnTo: null,
  createdAt: at(10),
  expiresAt: at(20),
  ...over
})

export const samlContract = (storage: StorageLayer) =>
  describe("SamlRepository", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("providers: insert, find, update, list by (createdAt, id) with a count, delete once", () =>
        Effect.gen(function* () {
          const saml = yield* SamlRepository
          const organizationId = yield* storedOrganization
          const other = yield* storedOrganization
          const first = provider(organizationId, { createdAt: at(2) })
          const second = provider(organizationId, { createdAt: at(1), entityID: null, ssoURL: null, certificate: null, defaultRole: null })
          const elsewhere = provider(other)
          for (const p of [first, second, elsewhere]) yield* saml.insertProvider(p)
          expect(yield* saml.findProvider(second.id)).toStrictEqual(Option.some(second))
          const page = yield* saml.listProviders(organizationId, { after: undefined, limit: 1 })
          expect(page.count).toBe(2)
          expect(page.rows).toStrictEqual([second, first])
          const after = yield* saml.listProviders(organizationId, { after: [second.createdAt, second.id], limit: 5 })
          expect(after.rows).toStrictEqual([first])
          expect(yield* saml.countProviders(organizationId)).toBe(2)
          const renamed = { ...first, label: "Renamed", defaultTeamId: null, defaultRole: "admin" as const, updatedAt: at(3) }
          yield* saml.updateProvider(renamed)
          expect(yield* saml.findProvider(first.id)).toStrictEqual(Option.some(renamed))
          expect(yield* saml.deleteProvider(other, first.id)).toBe(false)
          expect(yield* saml.deleteProvider(organizationId, first.id)).toBe(true)
          expect(yield* saml.deleteProvider(organizationId, first.id)).toBe(false)
          expect(yield* saml.findProvider(first.id)).toStrictEqual(Option.none())
          expect(yield* saml.countProviders(organizationId)).toBe(1)
        })
      )

      it.effect("a request is taken once, by its provider only, and not after it expires", () =>
        Effect.gen(function* () {
          const saml = yield* SamlRepository
          const p = provider(yield* storedOrganization)
          const q = provider(p.organizationId)
          yield* saml.insertProvider(p)
          yield* saml.insertProvider(q)
          const pending = request(p.id, { returnTo: "https://app.example.com/back" })
          yield* saml.insertRequest(pending, at(10))
          expect(yield* saml.takeRequest(q.id, pending.id, at(11))).toStrictEqual(Option.none())
          expect(yield* saml.takeRequest(p.id, pending.id, at(11))).toStrictEqual(Option.some(pending))
          expect(yield* saml.takeRequest(p.id, pending.id, at(11))).toStrictEqual(Option.none())
          const late = request(p.id)
          yield* saml.insertRequest(late, at(10))
          expect(yield* saml.takeRequest(p.id, late.id, at(20))).toStrictEqual(Option.none())
          // Inserting forgets what expired before then.
          const old = request(p.id, { expiresAt: at(30) })
          yield* saml.insertRequest(old, at(10))
          yield* saml.insertRequest(request(p.id, { createdAt: at(40), expiresAt: at(50) }), at(40))
          expect(yield* saml.takeRequest(p.id, old.id, at(29))).toStrictEqual(Option.none())
        })
      )

      it.effect("a hand-off is taken once and not after it expires; a provider's go with it", () =>
        Effect.gen(function* () {
          const saml = yield* SamlRepository
          const p = provider(yield* storedOrganization)
          yield* saml.insertProvider(p)
          const user = makeUser()
          yield* (yield* UserRepository).insert(user)
          const handoff = (codeHash: string, expiresAt = at(20)): SsoHandoffRecord => ({
            codeHash,
            providerId: p.id,
            organizationId: p.organizationId,
            userId: user.id,
            createdAt: at(10),
            expiresAt
          })
          const first = handoff(newId<string>())
          yield* saml.insertHandoff(first, at(10))
          expect(yield* saml.takeHandoff(first.codeHash, at(11))).toStrictEqual(Option.some(first))
          expect(yield* saml.takeHandoff(first.codeHash, at(11))).toStrictEqual(Option.none())
          const expired = handoff(newId<string>())
          yield* saml.insertHandoff(expired, at(10))
          expect(yield* saml.takeHandoff(expired.codeHash, at(20))).toStrictEqual(Option.none())

          const kept = handoff(newId<string>(), at(100))
          const pending = request(p.id, { expiresAt: at(100) })
          yield* saml.insertHandoff(kept, at(10))
          yield* saml.insertRequest(pending, at(10))
          expect(yield* saml.deleteProvider(p.organizationId, p.id)).toBe(true)
          expect(yield* saml.takeHandoff(kept.codeHash, at(11))).toStrictEqual(Option.none())
          expect(yield* saml.takeRequest(p.id, pending.id, at(11))).toStrictEqual(Option.none())
        })
      )
    })
  })
