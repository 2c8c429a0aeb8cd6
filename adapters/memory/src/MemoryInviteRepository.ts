import { type InviteRepository, inviteSortKey } from "@quire/core"
import { type Context, HashMap, Option } from "effect"
import type { MemoryStore } from "./MemoryStore.js"
import { sliceBy } from "./sorting.js"
import { insertNew, replaceExisting, rowsOf } from "./Tables.js"

export const makeMemoryInviteRepository = (store: MemoryStore): Context.Tag.Service<typeof InviteRepository> => ({
  insert: (invite) => store.write((t) => ({ ...t, invites: insertNew(t.invites, invite.id, invite, "invite") })),
  update: (invite) =>
    store.write((t) =>
      Option.exists(HashMap.get(t.invites, invite.id), (old) => old.organizationId === invite.organizationId)
        ? { ...t, invites: replaceExisting(t.invites, invite.id, invite) }
        : t
    ),
  delete: (organizationId, id) =>
    store.write((t) =>
      Option.exists(HashMap.get(t.invites, id), (invite) => invite.organizationId === organizationId)
        ? { ...t, invites: HashMap.remove(t.invites, id) }
        : t
    ),
  find: (organizationId, id) =>
    store.read((t) => Option.filter(HashMap.get(t.invites, id), (invite) => invite.organizationId === organizationId)),
  list: (organizationId, keyset) =>
    store.read((t) =>
      sliceBy(
        rowsOf(t.invites).filter((i) => i.organizationId === organizationId),
        keyset,
        inviteSortKey
      )
    )
})
