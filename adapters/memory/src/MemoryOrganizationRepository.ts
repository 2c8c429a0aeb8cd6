import { type OrganizationRecord, type OrganizationRepository, organizationSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { sliceBy, sortedBy } from "./sorting.js"
import { insertNew, replaceExisting, rowsOf, type Tables } from "./Tables.js"

/** Hostnames are unique across organizations, as a unique index would keep them. */
const ensureHostnameFree = (t: Tables, organization: OrganizationRecord) => {
  if (organization.hostname === null) return
  const taken = rowsOf(t.organizations).some((o) => o.hostname === organization.hostname && o.id !== organization.id)
  if (taken) throw new Error(`hostname ${organization.hostname} is already used by another organization`)
}

export const makeMemoryOrganizationRepository = (
  store: MemoryStore
): Context.Tag.Service<typeof OrganizationRepository> => ({
  insert: (organization) =>
    store.write((t) => {
      ensureHostnameFree(t, organization)
      return { ...t, organizations: insertNew(t.organizations, organization.id, organization, "organization") }
    }),
  update: (organization) =>
    store.write((t) => {
      ensureHostnameFree(t, organization)
      return { ...t, organizations: replaceExisting(t.organizations, organization.id, organization) }
    }),
  findById: (id) => store.read((t) => HashMap.get(t.organizations, id)),
  findByHostname: (hostname) =>
    store.read((t) => Option.fromNullable(rowsOf(t.organizations).find((o) => o.hostname === hostname))),
  listForUser: (userId, keyset) =>
    store.read((t) => {
      const mine = rowsOf(t.members)
        .filter((m) => m.userId === userId)
        .flatMap((m) => Option.toArray(HashMap.get(t.organizations, m.organizationId)))
      return sliceBy(mine, keyset, organizationSortKey)
    }),
  findByEmailDomain: (domain) =>
    store.read((t) =>
      sortedBy(
        rowsOf(t.organizations).filter((o) => o.emailDomains.includes(domain)),
        organizationSortKey
      )
    )
})
