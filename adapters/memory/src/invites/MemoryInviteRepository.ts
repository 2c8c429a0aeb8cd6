import { type InviteRepository, inviteSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "../shared/MemoryStore.js"
import { sliceBy } from "../shared/sorting.js"
import { insertNew, replaceExisting, rowsOf } from "../shared/keyedRows.js"
import { invitesTable } from "./invitesTable.js"

export const makeMemoryInviteRepository = (store: MemoryStore): Context.Tag.Service<typeof InviteRepository> => ({
  insert: (invite) =>
    store.write((t) => t.update(invitesTable, (rows) => insertNew(rows, invite.id, invite, "invite"))),
  update: (invite) =>
    store.write((t) =>
      Option.exists(HashMap.get(t.rows(invitesTable), invite.id), (old) => old.organizationId === invite.organizationId)
        ? t.update(invitesTable, (rows) => replaceExisting(rows, invite.id, invite))
        : t
    ),
  delete: (organizationId, id) =>
    store.write((t) =>
      Option.exists(HashMap.get(t.rows(invitesTable), id), (invite) => invite.organizationId === organizationId)
        ? t.update(invitesTable, (rows) => HashMap.remove(rows, id))
        : t
    ),
  find: (organizationId, id) =>
    store.read((t) =>
      Option.filter(HashMap.get(t.rows(invitesTable), id), (invite) => invite.organizationId === organizationId)
    ),
  list: (organizationId, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.rows(invitesTable)).filter((i) => i.organizationId === organizationId),
        keyset,
        inviteSortKey
      )
    )
})
