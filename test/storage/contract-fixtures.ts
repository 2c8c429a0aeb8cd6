import type {
  Authorized,
  ChangeRequestId,
  ChangeRequestRecord,
  CollectionId,
  CollectionRecord,
  CommentId,
  CommentRecord,
  CommentReplyId,
  CommentReplyRecord,
  InviteId,
  InviteRecord,
  Keyset,
  MemberRecord,
  OrganizationId,
  OrganizationRecord,
  ReactionRecord,
  RevisionId,
  ShareLinkId,
  ShareLinkRecord,
  SiteId,
  SiteRecord,
  SiteSectionGroupId,
  SiteSectionGroupRecord,
  SiteSectionId,
  SiteSectionRecord,
  SiteSpaceId,
  SiteSpaceRecord,
  Slice,
  SortValue,
  SpaceId,
  SpaceRecord,
  TeamId,
  TeamMemberRecord,
  TeamRecord,
  UserId,
  StoragePorts,
  UserRecord
} from "@quire/core"
import { ChangeRequestRepository, compareKeys, OrganizationRepository, randomId, SpaceRepository } from "@quire/core"
import { expect } from "@effect/vitest"
import { Effect, type Layer } from "effect"

/** Every port a storage adapter provides. */
export type { StoragePorts }

/** An adapter's ports, with `testAuthority`: the contract reads guarded records directly. */
export type StorageLayer = Layer.Layer<StoragePorts | Authorized, unknown, never>

/** Fresh random ids (mixed-case base62), so tests never collide even on a shared database. */
export const newId = <B extends string>(): B => randomId() as B

/** An ISO timestamp `seconds` after a fixed origin; small ranges give many ties. */
export const at = (seconds: number): string => new Date(Date.UTC(2024, 0, 1) + seconds * 1000).toISOString()

export const makeUser = (over: Partial<UserRecord> = {}): UserRecord => {
  const id = over.id ?? newId<UserId>()
  return { id, displayName: "Ada Lovelace", email: `ada.${id}@example.com`, photoURL: null, createdAt: at(0), ...over }
}

export const makeOrganization = (over: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: newId<OrganizationId>(),
  title: "Acme",
  createdAt: at(0),
  updatedAt: at(0),
  emailDomains: [],
  hostname: null,
  type: "business",
  defaultRole: "read",
  defaultContentSite: null,
  logo: null,
  sso: false,
  ai: false,
  inviteLinks: true,
  ...over
})

export const makeMember = (
  organizationId: OrganizationId,
  userId: UserId,
  over: Partial<MemberRecord> = {}
): MemberRecord => ({
  organizationId,
  userId,
  role: "read",
  disabled: false,
  sso: false,
  joinedAt: at(0),
  lastSeenAt: null,
  ...over
})

export const makeInvite = (organizationId: OrganizationId, over: Partial<InviteRecord> = {}): InviteRecord => ({
  id: newId<InviteId>(),
  organizationId,
  role: "read",
  createdAt: at(0),
  ...over
})

export const makeTeam = (organizationId: OrganizationId, over: Partial<TeamRecord> = {}): TeamRecord => ({
  id: newId<TeamId>(),
  organizationId,
  title: "Writers",
  createdAt: at(0),
  ...over
})

export const makeTeamMember = (teamId: TeamId, userId: UserId, role: TeamMemberRecord["role"] = "member"): TeamMemberRecord => ({
  teamId,
  userId,
  role
})

export const makeCollection = (organizationId: OrganizationId, over: Partial<CollectionRecord> = {}): CollectionRecord => ({
  id: newId<CollectionId>(),
  organizationId,
  parentId: null,
  title: "Guides",
  description: null,
  defaultLevel: "inherit",
  resolvedLevel: "inherit",
  position: "a0",
  createdAt: at(0),
  updatedAt: at(0),
  ...over
})

export const makeSpace = (organizationId: OrganizationId, over: Partial<SpaceRecord> = {}): SpaceRecord => ({
  id: newId<SpaceId>(),
  organizationId,
  parentId: null,
  title: "Handbook",
  emoji: "",
  visibility: "private",
  editMode: "live",
  defaultLevel: "inherit",
  resolvedLevel: "inherit",
  revisionId: newId<RevisionId>(),
  position: "a0",
  createdAt: at(0),
  updatedAt: at(0),
  deletedAt: null,
  ...over
})

/** An open change request; only its revision ids' text matters to storage (no revision rows needed). */
export const makeChangeRequest = (
  spaceId: SpaceId,
  number: number,
  over: Partial<ChangeRequestRecord> = {}
): ChangeRequestRecord => ({
  id: newId<ChangeRequestId>(),
  spaceId,
  number,
  status: "open",
  subject: "Fix typos",
  createdBy: newId<UserId>(),
  createdAt: at(0),
  updatedAt: at(0),
  revisionId: newId<RevisionId>(),
  revisionInitial: newId<RevisionId>(),
  revisionMergedAncestor: null,
  revisionMerged: null,
  mergedBy: null,
  mergedAt: null,
  ...over
})

/** An open comment on the whole content of a space's main content, unless `over` says otherwise. */
export const makeComment = (spaceId: SpaceId, over: Partial<CommentRecord> = {}): CommentRecord => ({
  id: newId<CommentId>(),
  spaceId,
  changeRequestId: null,
  revisionId: newId<RevisionId>(),
  pageId: null,
  pageDocument: null,
  nodeId: null,
  nodePreview: null,
  body: "Looks good",
  mentions: [],
  postedBy: newId<UserId>(),
  postedAt: at(0),
  editedAt: null,
  status: "open",
  resolvedAt: null,
  resolvedBy: null,
  ...over
})

export const makeReply = (comment: CommentRecord, over: Partial<CommentReplyRecord> = {}): CommentReplyRecord => ({
  id: newId<CommentReplyId>(),
  spaceId: comment.spaceId,
  commentId: comment.id,
  body: "Agreed",
  mentions: [],
  postedBy: newId<UserId>(),
  postedAt: at(0),
  editedAt: null,
  ...over
})

export const makeReaction = (
  subject: CommentRecord | CommentReplyRecord,
  emoji: string,
  userId: UserId,
  reactedAt: string = at(0)
): ReactionRecord => ({ spaceId: subject.spaceId, subjectId: subject.id, emoji, userId, reactedAt })

/** An unpublished public site with no structure yet; its basename is unique. */
export const makeSite = (organizationId: OrganizationId, over: Partial<SiteRecord> = {}): SiteRecord => {
  const id = over.id ?? newId<SiteId>()
  return {
    id,
    organizationId,
    type: "basic",
    title: "Docs",
    visibility: "public",
    published: false,
    basename: `docs-${id}`,
    proxy: null,
    defaultLevel: "inherit",
    adaptiveContent: false,
    adaptiveSchema: null,
    visitorKey: randomId(),
    defaultSectionId: null,
    defaultSiteSpaceId: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...over
  }
}

export const makeSection = (siteId: SiteId, over: Partial<SiteSectionRecord> = {}): SiteSectionRecord => {
  const id = over.id ?? newId<SiteSectionId>()
  return {
    id,
    siteId,
    title: "Guides",
    description: null,
    icon: null,
    path: `guides-${id}`,
    condition: null,
    groupId: null,
    position: "a0",
    defaultSiteSpaceId: null,
    createdAt: at(0),
    ...over
  }
}

export const makeGroup = (siteId: SiteId, over: Partial<SiteSectionGroupRecord> = {}): SiteSectionGroupRecord => ({
  id: newId<SiteSectionGroupId>(),
  siteId,
  title: "Products",
  icon: null,
  parentId: null,
  position: "a0",
  createdAt: at(0),
  ...over
})

export const makeSiteSpace = (siteId: SiteId, spaceId: SpaceId, over: Partial<SiteSpaceRecord> = {}): SiteSpaceRecord => {
  const id = over.id ?? newId<SiteSpaceId>()
  return {
    id,
    siteId,
    sectionId: null,
    spaceId,
    path: `v-${id}`,
    condition: null,
    position: "a0",
    createdAt: at(0),
    ...over
  }
}

export const makeShareLink = (siteId: SiteId, over: Partial<ShareLinkRecord> = {}): ShareLinkRecord => ({
  id: newId<ShareLinkId>(),
  siteId,
  name: "Reviewers",
  key: randomId(),
  active: true,
  createdAt: at(0),
  ...over
})

/** The id of an organization stored for the test: sites need one (a foreign key in SQL). */
export const storedOrganization = Effect.gen(function* () {
  const organization = makeOrganization()
  yield* (yield* OrganizationRepository).insert(organization)
  return organization.id
})

/** Two organizations, stored: the one under test and a foreign one. */
export const storedOrganizationPair = Effect.gen(function* () {
  const organizations = yield* OrganizationRepository
  const organization = makeOrganization()
  const foreign = makeOrganization()
  yield* organizations.insert(organization)
  yield* organizations.insert(foreign)
  return { organization, foreign }
})

/** The id of a space stored for the test: change requests need one (a foreign key in SQL). */
export const storedSpace = Effect.gen(function* () {
  const space = makeSpace(newId<OrganizationId>())
  yield* (yield* SpaceRepository).insert(space)
  return space.id
})

/** The id of a change request stored for the test, in a space of its own: contributors need one. */
export const storedChangeRequest = Effect.gen(function* () {
  const changeRequest = makeChangeRequest(yield* storedSpace, 1)
  yield* (yield* ChangeRequestRepository).insert(changeRequest)
  return changeRequest.id
})

/** `rows` sorted as the ports document: by sort key, ties impossible since keys end in an id. */
export const sortRows = <R>(
  rows: ReadonlyArray<R>,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  order: "asc" | "desc" = "asc"
): Array<R> => [...rows].sort((a, b) => (order === "asc" ? 1 : -1) * compareKeys(sortKey(a), sortKey(b)))

export const byId = <R extends { readonly id: string }>(rows: ReadonlyArray<R>): Array<R> =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

/**
 * Walks a keyset list from the start, each time asking for the rows strictly after the sort
 * key of the last row kept, and checks every slice: at most `limit + 1` rows, `count` the total.
 */
export const walk = <R, Requires = never>(
  fetch: (keyset: Keyset) => Effect.Effect<Slice<R>, never, Requires>,
  limit: number,
  sortKey: (row: R) => ReadonlyArray<SortValue>,
  total: number
): Effect.Effect<Array<R>, never, Requires> =>
  Effect.gen(function* () {
    const rows: Array<R> = []
    let after: ReadonlyArray<SortValue> | undefined
    for (let slices = 0; slices <= total + 1; slices++) {
      const slice = yield* fetch({ after, limit })
      expect(slice.count).toBe(total)
      expect(slice.rows.length).toBeLessThanOrEqual(limit + 1)
      const kept = slice.rows.slice(0, limit)
      rows.push(...kept)
      if (slice.rows.length <= limit) return rows
      after = sortKey(kept[kept.length - 1]!)
    }
    return yield* Effect.die(new Error("the walk did not end: a slice repeated rows"))
  })
