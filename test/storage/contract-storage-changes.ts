import { OrganizationRepository, SpaceRepository, Storage, StorageChanges } from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeOrganization, makeSpace, type StorageLayer } from "./contract-fixtures.js"

/** `StorageChanges`: a commit moves the mark at once (this process's own commits). */
export const storageChangesContract = (storage: StorageLayer) =>
  layer(storage)("StorageChanges", (it) => {
    describe("mark", () => {
      it.effect("moves when a transaction that writes commits", () =>
        Effect.gen(function* () {
          const changes = yield* StorageChanges
          const storage = yield* Storage
          const organizations = yield* OrganizationRepository
          const spaces = yield* SpaceRepository
          const before = changes.mark()
          const organization = makeOrganization()
          yield* storage.transaction(organizations.insert(organization))
          const afterOrganization = changes.mark()
          expect(afterOrganization).not.toBe(before)
          yield* storage.transaction(spaces.insert(makeSpace(organization.id)))
          expect(changes.mark()).not.toBe(afterOrganization)
        })
      )
    })
  })
