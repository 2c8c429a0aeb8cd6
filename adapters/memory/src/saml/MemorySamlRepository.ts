import { type SamlRepository, samlProviderSortKey } from "@quire/core"
import { type Context, Effect, HashMap, Option } from "effect"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy } from "../shared/sorting.js"
import { samlProvidersTable, samlRequestsTable, ssoHandoffsTable } from "./samlTables.js"

export const makeMemorySamlRepository = (store: MemoryStore): Context.Tag.Service<typeof SamlRepository> => ({
  insertProvider: (provider) =>
    store.write((t) => t.update(samlProvidersTable, (rows) => insertNew(rows, provider.id, provider, "SAML provider"))),
  updateProvider: (provider) =>
    store.write((t) => t.update(samlProvidersTable, (rows) => replaceExisting(rows, provider.id, provider))),
  deleteProvider: (organizationId, id) =>
    Effect.flatMap(
      store.read((t) => Option.filter(HashMap.get(t.rows(samlProvidersTable), id), (p) => p.organizationId === organizationId)),
      (found) =>
        Option.isNone(found)
          ? Effect.succeed(false)
          : Effect.as(
              store.write((t) =>
                t
                  .update(samlProvidersTable, (rows) => HashMap.remove(rows, id))
                  .update(samlRequestsTable, (rows) => HashMap.filter(rows, (r) => r.providerId !== id))
                  .update(ssoHandoffsTable, (rows) => HashMap.filter(rows, (h) => h.providerId !== id))
              ),
              true
            )
    ),
  findProvider: (id) => store.read((t) => HashMap.get(t.rows(samlProvidersTable), id)),
  listProviders: (organizationId, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(samlProvidersTable)).filter((p) => p.organizationId === organizationId),
        keyset,
        samlProviderSortKey
      )
    ),
  countProviders: (organizationId) =>
    store.read((t) => rowsOf(t.rows(samlProvidersTable)).filter((p) => p.organizationId === organizationId).length),
  insertRequest: (request, expiredBefore) =>
    store.write((t) =>
      t.update(samlRequestsTable, (rows) =>
        insertNew(HashMap.filter(rows, (r) => r.expiresAt >= expiredBefore), request.id, request, "SAML request")
      )
    ),
  takeRequest: (providerId, id, at) =>
    Effect.flatMap(
      store.read((t) => HashMap.get(t.rows(samlRequestsTable), id)),
      (found) =>
        Option.isNone(found) || found.value.providerId !== providerId
          ? Effect.succeed(Option.none())
          : Effect.as(
              store.write((t) => t.update(samlRequestsTable, (rows) => HashMap.remove(rows, id))),
              found.value.expiresAt > at ? found : Option.none()
            )
    ),
  insertHandoff: (handoff, expiredBefore) =>
    store.write((t) =>
      t.update(ssoHandoffsTable, (rows) =>
        insertNew(HashMap.filter(rows, (h) => h.expiresAt >= expiredBefore), handoff.codeHash, handoff, "SSO hand-off")
      )
    ),
  takeHandoff: (codeHash, at) =>
    Effect.flatMap(
      store.read((t) => HashMap.get(t.rows(ssoHandoffsTable), codeHash)),
      (found) =>
        Option.isNone(found)
          ? Effect.succeed(Option.none())
          : Effect.as(
              store.write((t) => t.update(ssoHandoffsTable, (rows) => HashMap.remove(rows, codeHash))),
              found.value.expiresAt > at ? found : Option.none()
            )
    )
})
