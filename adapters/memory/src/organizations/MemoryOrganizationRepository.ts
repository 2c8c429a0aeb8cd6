import { type OrganizationRecord, type OrganizationRepository, organizationSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy, sortedBy } from "../shared/sorting.js"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import type { Tables } from "../shared/Tables.js"
import { membersTable } from "../members/membersTable.js"
import { organizationsTable } from "./organizationsTable.js"

/** Hostnames are unique across organizations, as a unique index would keep them. */
const ensureHostnameFree = (t: Tables, organization: OrganizationRecord) => {
  if (organization.hostname === null) return
  const taken = rowsOf(t.rows(organizationsTable)).some(
    (o) => o.hostname === organization.hostname && o.id !== organization.id
  )
  if (taken) throw new Error(`hostname ${organization.hostname} is already used by another organization`)
}

export const makeMemoryOrganizationRepository = (
  store: MemoryStore
): Context.Tag.Service<typeof OrganizationRepository> => ({
  insert: (organization) =>
    store.write((t) => {
      ensureHostnameFree(t, organization)
      return t.update(organizationsTable, (rows) => insertNew(rows, organization.id, organization, "organization"))
    }),
  update: (organization) =>
    store.write((t) => {
      ensureHostnameFree(t, organization)
      return t.update(organizationsTable, (rows) => replaceExisting(rows, organization.id, organization))
    }),
  findById: (id) => store.read((t) => HashMap.get(t.rows(organizationsTable), id)),
  findByHostname: (hostname) =>
    store.read((t) => Option.fromNullable(rowsOf(t.rows(organizationsTable)).find((o) => o.hostname === hostname))),
  listForUser: (userId, keyset) =>
    store.read((t) => {
      const mine = rowsOf(t.rows(membersTable))
        .filter((m) => m.userId === userId)
        .flatMap((m) => Option.toArray(HashMap.get(t.rows(organizationsTable), m.organizationId)))
      return sliceBy(mine, keyset, organizationSortKey)
    }),
  findByEmailDomain: (domain) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.rows(organizationsTable)).filter((o) => o.emailDomains.includes(domain)),
        organizationSortKey
      )
    )
})
