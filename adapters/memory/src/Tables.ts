import type {
  ChangeRequestContributorRecord,
  ChangeRequestId,
  ChangeRequestRecord,
  CollectionId,
  CollectionRecord,
  InviteId,
  InviteRecord,
  MemberRecord,
  ObjectHash,
  OrganizationId,
  OrganizationRecord,
  RevisionId,
  RevisionRecord,
  SpaceId,
  SpaceRecord,
  StoredObject,
  TeamId,
  TeamMemberRecord,
  TeamRecord,
  TokenRecord,
  UserId,
  UserRecord
} from "@quire/core"
import { HashMap } from "effect"

/** The whole store: immutable maps, so a snapshot is just the previous value. */
export interface Tables {
  readonly users: HashMap.HashMap<UserId, UserRecord>
  readonly tokens: HashMap.HashMap<string, TokenRecord>
  readonly organizations: HashMap.HashMap<OrganizationId, OrganizationRecord>
  /** Keyed by `pairKey(organizationId, userId)`. */
  readonly members: HashMap.HashMap<string, MemberRecord>
  readonly invites: HashMap.HashMap<InviteId, InviteRecord>
  readonly teams: HashMap.HashMap<TeamId, TeamRecord>
  /** Keyed by `pairKey(teamId, userId)`. */
  readonly teamMembers: HashMap.HashMap<string, TeamMemberRecord>
  readonly collections: HashMap.HashMap<CollectionId, CollectionRecord>
  readonly spaces: HashMap.HashMap<SpaceId, SpaceRecord>
  readonly objects: HashMap.HashMap<ObjectHash, StoredObject>
  /** File bytes by their sha256; private copies, never handed out. */
  readonly blobs: HashMap.HashMap<string, Uint8Array>
  readonly revisions: HashMap.HashMap<RevisionId, RevisionRecord>
  readonly changeRequests: HashMap.HashMap<ChangeRequestId, ChangeRequestRecord>
  /** Keyed by `pairKey(changeRequestId, userId)`. */
  readonly changeRequestContributors: HashMap.HashMap<string, ChangeRequestContributorRecord>
}

export const emptyTables = (): Tables => ({
  users: HashMap.empty(),
  tokens: HashMap.empty(),
  organizations: HashMap.empty(),
  members: HashMap.empty(),
  invites: HashMap.empty(),
  teams: HashMap.empty(),
  teamMembers: HashMap.empty(),
  collections: HashMap.empty(),
  spaces: HashMap.empty(),
  objects: HashMap.empty(),
  blobs: HashMap.empty(),
  revisions: HashMap.empty(),
  changeRequests: HashMap.empty(),
  changeRequestContributors: HashMap.empty()
})

/** An unambiguous key for a pair of ids, whatever characters they hold. */
export const pairKey = (a: string, b: string): string => JSON.stringify([a, b])

/** Adds a row under a new key; a taken key is a bug in the caller, as a primary key violation is in SQL. */
export const insertNew = <K, V>(map: HashMap.HashMap<K, V>, key: K, value: V, what: string): HashMap.HashMap<K, V> => {
  if (HashMap.has(map, key)) throw new Error(`${what} ${String(key)} already exists`)
  return HashMap.set(map, key, value)
}

/** Replaces an existing row; updating a missing row changes nothing, as an SQL UPDATE. */
export const replaceExisting = <K, V>(map: HashMap.HashMap<K, V>, key: K, value: V): HashMap.HashMap<K, V> =>
  HashMap.has(map, key) ? HashMap.set(map, key, value) : map

export const rowsOf = <K, V>(map: HashMap.HashMap<K, V>): Array<V> => Array.from(HashMap.values(map))
