import { GitBookAPIError } from "@gitbook/api"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { exercised, type GitBookClient, gitbook, rawCall } from "./support/client.js"
import { expectFailure, makeUsers, type Principal, takeSpecViolations } from "./support/fixtures.js"
import { MemberRole } from "./support/gitbookTypes.js"
import { officialOperationIds } from "./support/officialSpec.js"
import { operationsByArea, requiredOperations } from "./support/operations.js"
import { type RunningServer, startServer } from "./support/server.js"
import { makeIdp } from "../support/samlIdp.js"
import { processedVersion } from "./support/openapi.js"

/**
 * What holds for every operation: authentication, organization isolation, unknown ids,
 * pagination, error bodies for what no operation handles, and the documents the server
 * describes itself with. ada administers Acme, bob is a reader in it, eve is outside.
 */
let server: RunningServer
let ada: Principal
let bob: Principal
let eve: Principal

interface Ids {
  readonly organization: string
  readonly invite: string
  readonly user: string
  readonly team: string
  readonly collection: string
  readonly space: string
  readonly changeRequest: string
  readonly revision: string
  /** A comment and a reply to it in the space, and the same in the change request. */
  readonly comment: string
  readonly reply: string
  readonly changeRequestComment: string
  readonly changeRequestReply: string
  /** A site with a section (of the space), a section group, a site space and a share link. */
  readonly site: string
  readonly siteSection: string
  readonly siteSectionGroup: string
  readonly siteSpace: string
  readonly shareLink: string
  readonly samlProvider: string
  readonly translation: string
  /** A spec (its slug) with a processed version. */
  readonly openApiSpec: string
  readonly openApiVersion: string
  /** A private integration of Acme, installed on Acme. */
  readonly integration: string
  readonly installation: string
}
let known: Ids
/** A certificate for the SAML providers the sweeps create. */
let sweptCertificate: string
const unknown: Ids = {
  organization: "unknownOrganization0",
  invite: "unknownInvite000000",
  user: "unknownUser00000000",
  team: "unknownTeam00000000",
  collection: "unknownCollection00",
  space: "unknownSpace0000000",
  changeRequest: "unknownChangeRequest",
  revision: "unknownRevision0000",
  comment: "unknownComment00000",
  reply: "unknownReply0000000",
  changeRequestComment: "unknownComment00001",
  changeRequestReply: "unknownReply0000001",
  site: "unknownSite00000000",
  siteSection: "unknownSiteSection0",
  siteSectionGroup: "unknownSectionGroup",
  siteSpace: "unknownSiteSpace000",
  shareLink: "unknownShareLink000",
  samlProvider: "unknownSamlProvider",
  translation: "unknownTranslation0",
  openApiSpec: "unknown-spec",
  openApiVersion: "unknownOpenApiVersn",
  integration: "unknown-integration",
  installation: "unknownInstallation"
}

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob] = await makeUsers(server, "acme.test", ["Ada", "Bob"])
  ;[eve] = await makeUsers(server, "evil.test", ["Eve"])
  const organization = (await ada.api.orgs.createOrganization({ title: "Acme" })).data.id
  const invite = (await ada.api.orgs.createOrganizationInvite(organization, { role: MemberRole.Read })).data.id
  await bob.api.orgs.joinOrganizationWithInvite(organization, invite)
  const team = (await ada.api.orgs.createOrganizationTeam(organization, { title: "Team", members: [bob.user.id] })).data.id
  const collection = (await ada.api.orgs.createCollection(organization, { title: "Collection" })).data.id
  const space = (await ada.api.orgs.createSpace(organization, { title: "Space", parent: collection })).data.id
  const changeRequest = (await ada.api.spaces.createChangeRequest(space, { subject: "Change" })).data.id
  const revision = (await ada.api.spaces.getSpaceById(space)).data.revision
  const body = { body: { markdown: "Swept" } } as any
  const comment = (await ada.api.spaces.postCommentInSpace(space, body)).data.id
  const reply = (await ada.api.spaces.postCommentReplyInSpace(space, comment, body)).data.id
  const changeRequestComment = (await ada.api.spaces.postCommentInChangeRequest(space, changeRequest, body)).data.id
  const changeRequestReply = (await ada.api.spaces.postCommentReplyInChangeRequest(space, changeRequest, changeRequestComment, body)).data.id
  const site = (await ada.api.orgs.createSite(organization, { title: "Site", spaces: [space] })).data.id
  const siteSection = (await ada.api.orgs.addSectionToSite(organization, site, { spaceId: space, title: "Section" } as any)).data.id
  const siteSectionGroup = (await ada.api.orgs.addSectionGroupToSite(organization, site, { title: "Group" })).data.id
  const siteSpace = (await ada.api.orgs.listSiteSpaces(organization, site)).data.items[0]!.id
  const shareLink = (await ada.api.orgs.createSiteShareLink(organization, site, { name: "Link" })).data.id
  const idp = await makeIdp()
  sweptCertificate = idp.certificate
  const samlProvider = (
    await ada.api.orgs.createOrganizationSamlProvider(organization, {
      label: "SSO",
      entityID: idp.entityID,
      ssoURL: "https://idp.test/sso",
      certificate: idp.certificate
    })
  ).data.id
  const translation = (await ada.api.orgs.createTranslation(organization, { title: "Translation" } as any)).data.id
  const sweptSpecText = JSON.stringify({ openapi: "3.1.0", info: { title: "Swept", version: "1" }, paths: {} })
  await ada.api.orgs.createOpenApiSpec(organization, { slug: "swept-spec", source: { text: sweptSpecText } })
  const openApiVersion = await processedVersion(ada.api, organization, "swept-spec")
  const integration = "swept-integration"
  await ada.api.integrations.publishIntegration(integration, {
    title: "Swept",
    description: "Swept",
    script: "export default {}",
    organization,
    scopes: [],
    visibility: "private"
  } as any)
  const installation = (await ada.api.integrations.installIntegration(integration, { organization })).data.id
  known = {
    openApiSpec: "swept-spec",
    openApiVersion,
    integration,
    installation,
    samlProvider,
    translation,
    site,
    siteSection,
    siteSectionGroup,
    siteSpace,
    shareLink,
    organization,
    invite,
    user: bob.user.id,
    team,
    collection,
    space,
    changeRequest,
    revision,
    comment,
    reply,
    changeRequestComment,
    changeRequestReply
  }
})

afterAll(async () => {
  await server?.stop()
})

afterEach(() => {
  expect(takeSpecViolations()).toEqual([])
})

/** The status a client call answers with, success or failure. */
const statusOf = (call: Promise<{ status: number }>): Promise<number> =>
  call.then(
    (response) => response.status,
    (error) => (error instanceof GitBookAPIError ? error.code : Promise.reject(error))
  )

type Call = (api: GitBookClient, token: string | undefined, ids: Ids) => Promise<number>

/** A comment's or a reply's body. */
const sweptBody = { body: { markdown: "Swept" } } as any

/** One call of each of the 186 operations, by operationId (all but `notSwept`). */
const operations: Record<string, Call> = {
  getAuthenticatedUser: (api) => statusOf(api.user.getAuthenticatedUser()),
  listOrganizationsForAuthenticatedUser: (api) => statusOf(api.orgs.listOrganizationsForAuthenticatedUser()),
  createOrganization: (api) => statusOf(api.orgs.createOrganization({ title: "Swept" })),
  getOrganizationById: (api, _, ids) => statusOf(api.orgs.getOrganizationById(ids.organization)),
  updateOrganizationById: (api, _, ids) => statusOf(api.orgs.updateOrganizationById(ids.organization, { title: "Swept" })),
  getOrganizationsForEmailDomain: (api) => statusOf(api.emailDomains.getOrganizationsForEmailDomain("acme.test")),
  updateOrganizationMemberLastSeenAt: (api, _, ids) => statusOf(api.orgs.updateOrganizationMemberLastSeenAt(ids.organization)),
  listOrganizationInviteLinks: (api, _, ids) => statusOf(api.orgs.listOrganizationInviteLinks(ids.organization)),
  createOrganizationInvite: (api, _, ids) =>
    statusOf(api.orgs.createOrganizationInvite(ids.organization, { role: MemberRole.Admin })),
  getOrganizationInviteLink: (api, _, ids) => statusOf(api.orgs.getOrganizationInviteLink(ids.organization, ids.invite)),
  updateOrganizationInviteById: (api, _, ids) =>
    statusOf(api.orgs.updateOrganizationInviteById(ids.organization, ids.invite, { role: MemberRole.Admin })),
  deleteOrganizationInviteById: (api, _, ids) => statusOf(api.orgs.deleteOrganizationInviteById(ids.organization, ids.invite)),
  joinOrganizationWithInvite: (api, _, ids) => statusOf(api.orgs.joinOrganizationWithInvite(ids.organization, ids.invite)),
  listMembersInOrganizationById: (api, _, ids) => statusOf(api.orgs.listMembersInOrganizationById(ids.organization)),
  getMemberInOrganizationById: (api, _, ids) => statusOf(api.orgs.getMemberInOrganizationById(ids.organization, ids.user)),
  updateMemberInOrganizationById: (api, _, ids) =>
    statusOf(api.orgs.updateMemberInOrganizationById(ids.organization, ids.user, { role: MemberRole.Admin })),
  removeMemberFromOrganizationById: (api, _, ids) =>
    statusOf(api.orgs.removeMemberFromOrganizationById(ids.organization, ids.user)),
  setUserAsSSOMemberForOrganization: (_, token, ids) =>
    rawCall(server.url, token, "POST", `/orgs/${ids.organization}/members/${ids.user}/sso`).then((r) => r.status),
  listSpacesForOrganizationMember: (api, _, ids) =>
    statusOf(api.orgs.listSpacesForOrganizationMember(ids.organization, ids.user)),
  listTeamsForOrganizationMember: (api, _, ids) => statusOf(api.orgs.listTeamsForOrganizationMember(ids.organization, ids.user)),
  listTeamsInOrganizationById: (api, _, ids) => statusOf(api.orgs.listTeamsInOrganizationById(ids.organization)),
  createOrganizationTeam: (api, _, ids) => statusOf(api.orgs.createOrganizationTeam(ids.organization, { title: "Swept" })),
  getTeamInOrganizationById: (api, _, ids) => statusOf(api.orgs.getTeamInOrganizationById(ids.organization, ids.team)),
  updateTeamInOrganizationById: (api, _, ids) =>
    statusOf(api.orgs.updateTeamInOrganizationById(ids.organization, ids.team, { title: "Swept" })),
  removeTeamFromOrganizationById: (api, _, ids) => statusOf(api.orgs.removeTeamFromOrganizationById(ids.organization, ids.team)),
  listTeamMembersInOrganizationById: (api, _, ids) =>
    statusOf(api.orgs.listTeamMembersInOrganizationById(ids.organization, ids.team)),
  updateMembersInOrganizationTeam: (api, _, ids) =>
    statusOf(api.orgs.updateMembersInOrganizationTeam(ids.organization, ids.team, { remove: [ids.user] })),
  addMemberToOrganizationTeamById: (api, _, ids) =>
    statusOf(api.orgs.addMemberToOrganizationTeamById(ids.organization, ids.team, ids.user, {})),
  deleteMemberFromOrganizationTeamById: (api, _, ids) =>
    statusOf(api.orgs.deleteMemberFromOrganizationTeamById(ids.organization, ids.team, ids.user)),
  getCollectionById: (api, _, ids) => statusOf(api.collections.getCollectionById(ids.collection)),
  updateCollectionById: (api, _, ids) => statusOf(api.collections.updateCollectionById(ids.collection, { title: "Swept" })),
  deleteCollectionById: (api, _, ids) => statusOf(api.collections.deleteCollectionById(ids.collection)),
  listSpacesInCollectionById: (api, _, ids) => statusOf(api.collections.listSpacesInCollectionById(ids.collection)),
  moveCollection: (api, _, ids) => statusOf(api.collections.moveCollection(ids.collection, { parent: null })),
  transferCollection: (api, _, ids) =>
    statusOf(api.collections.transferCollection(ids.collection, { organization: ids.organization })),
  listCollectionsInOrganizationById: (api, _, ids) => statusOf(api.orgs.listCollectionsInOrganizationById(ids.organization)),
  createCollection: (api, _, ids) => statusOf(api.orgs.createCollection(ids.organization, { title: "Swept" })),
  createSpace: (api, _, ids) => statusOf(api.orgs.createSpace(ids.organization, { title: "Swept" })),
  listSpacesInOrganizationById: (api, _, ids) => statusOf(api.orgs.listSpacesInOrganizationById(ids.organization)),
  getSpaceById: (api, _, ids) => statusOf(api.spaces.getSpaceById(ids.space)),
  updateSpaceById: (api, _, ids) => statusOf(api.spaces.updateSpaceById(ids.space, { title: "Swept" })),
  deleteSpaceById: (api, _, ids) => statusOf(api.spaces.deleteSpaceById(ids.space)),
  restoreSpace: (api, _, ids) => statusOf(api.spaces.restoreSpace(ids.space)),
  duplicateSpace: (api, _, ids) => statusOf(api.spaces.duplicateSpace(ids.space)),
  moveSpace: (api, _, ids) => statusOf(api.spaces.moveSpace(ids.space, { parent: null })),
  transferSpace: (_, token, ids) =>
    rawCall(server.url, token, "POST", `/spaces/${ids.space}/transfer`, { organization: ids.organization }).then((r) => r.status),
  listChangeRequestsForSpace: (api, _, ids) => statusOf(api.spaces.listChangeRequestsForSpace(ids.space)),
  createChangeRequest: (api, _, ids) => statusOf(api.spaces.createChangeRequest(ids.space, { subject: "Swept" })),
  getChangeRequestById: (api, _, ids) => statusOf(api.spaces.getChangeRequestById(ids.space, ids.changeRequest)),
  updateChangeRequestById: (api, _, ids) =>
    statusOf(api.spaces.updateChangeRequestById(ids.space, ids.changeRequest, { subject: "Swept" })),
  mergeChangeRequest: (api, _, ids) => statusOf(api.spaces.mergeChangeRequest(ids.space, ids.changeRequest)),
  updateChangeRequest: (api, _, ids) => statusOf(api.spaces.updateChangeRequest(ids.space, ids.changeRequest)),
  updateChangeRequestContent: (api, _, ids) =>
    statusOf(
      api.spaces.updateChangeRequestContent(ids.space, ids.changeRequest, {
        changes: [{ operation: "insert_page", title: "Swept", document: { markdown: "" } }]
      } as any)
    ),
  getChangeRequestMergeConflicts: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/change-requests/${ids.changeRequest}/merge-conflicts`).then((r) => r.status),
  importContent: (_, token, ids) =>
    rawCall(server.url, token, "POST", `/spaces/${ids.space}/content/import`, { url: "https://example.com/a.md", source: "markdown" }).then((r) => r.status),
  importChangeRequestContent: (_, token, ids) =>
    rawCall(server.url, token, "POST", `/spaces/${ids.space}/change-requests/${ids.changeRequest}/content/import`, {
      url: "https://example.com/a.md",
      source: "markdown"
    }).then((r) => r.status),
  importGitRepository: (api, _, ids) =>
    statusOf(api.spaces.importGitRepository(ids.space, { url: "https://example.com/docs.git", ref: "refs/heads/main" })),
  exportToGitRepository: (api, _, ids) =>
    statusOf(api.spaces.exportToGitRepository(ids.space, { url: "https://example.com/docs.git", ref: "refs/heads/main", commitMessage: "Swept" })),
  getSpaceGitInfo: (api, _, ids) => statusOf(api.spaces.getSpaceGitInfo(ids.space)),
  getChangeRequestChanges: (api, _, ids) => statusOf(api.spaces.getChangeRequestChanges(ids.space, ids.changeRequest)),
  getContributorsByChangeRequestId: (api, _, ids) => statusOf(api.spaces.getContributorsByChangeRequestId(ids.space, ids.changeRequest)),
  getRevisionSemanticChanges: (api, _, ids) => statusOf(api.spaces.getRevisionSemanticChanges(ids.space, ids.revision)),
  getCurrentRevision: (api, _, ids) => statusOf(api.spaces.getCurrentRevision(ids.space)),
  listPages: (api, _, ids) => statusOf(api.spaces.listPages(ids.space)),
  getPageById: (api, _, ids) => statusOf(api.spaces.getPageById(ids.space, "sweptPage")),
  getPageByPath: (api, _, ids) => statusOf(api.spaces.getPageByPath(ids.space, "swept")),
  listFiles: (api, _, ids) => statusOf(api.spaces.listFiles(ids.space)),
  getFileById: (api, _, ids) => statusOf(api.spaces.getFileById(ids.space, "sweptFile")),
  downloadFileById: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/content/files/sweptFile/swept.png`).then((r) => r.status),
  downloadChangeRequestFileById: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/change-requests/${ids.changeRequest}/content/files/sweptFile/swept.png`).then(
      (r) => r.status
    ),
  getSpacePDF: (api, _, ids) => statusOf(api.spaces.getSpacePdf(ids.space)),
  getChangeRequestPDF: (api, _, ids) => statusOf(api.spaces.getChangeRequestPdf(ids.space, ids.changeRequest)),
  getRevisionById: (api, _, ids) => statusOf(api.spaces.getRevisionById(ids.space, ids.revision)),
  listPagesInRevisionById: (api, _, ids) => statusOf(api.spaces.listPagesInRevisionById(ids.space, ids.revision)),
  getPageInRevisionById: (api, _, ids) => statusOf(api.spaces.getPageInRevisionById(ids.space, ids.revision, "sweptPage")),
  getPageInRevisionByPath: (api, _, ids) => statusOf(api.spaces.getPageInRevisionByPath(ids.space, ids.revision, "swept")),
  listFilesInRevisionById: (api, _, ids) => statusOf(api.spaces.listFilesInRevisionById(ids.space, ids.revision)),
  getFileInRevisionById: (api, _, ids) => statusOf(api.spaces.getFileInRevisionById(ids.space, ids.revision, "sweptFile")),
  getRevisionOfChangeRequestById: (api, _, ids) => statusOf(api.spaces.getRevisionOfChangeRequestById(ids.space, ids.changeRequest)),
  listPagesInChangeRequest: (api, _, ids) => statusOf(api.spaces.listPagesInChangeRequest(ids.space, ids.changeRequest)),
  getPageInChangeRequestById: (api, _, ids) =>
    statusOf(api.spaces.getPageInChangeRequestById(ids.space, ids.changeRequest, "sweptPage")),
  getPageInChangeRequestByPath: (api, _, ids) =>
    statusOf(api.spaces.getPageInChangeRequestByPath(ids.space, ids.changeRequest, "swept")),
  listFilesInChangeRequestById: (api, _, ids) => statusOf(api.spaces.listFilesInChangeRequestById(ids.space, ids.changeRequest)),
  getFileInChangeRequestById: (api, _, ids) =>
    statusOf(api.spaces.getFileInChangeRequestById(ids.space, ids.changeRequest, "sweptFile")),
  listSpaceLinks: (_, token, ids) => rawCall(server.url, token, "GET", `/spaces/${ids.space}/links`).then((r) => r.status),
  listPageLinks: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/content/page/sweptPage/links`).then((r) => r.status),
  listFileBacklinks: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/content/files/sweptFile/backlinks`).then((r) => r.status),
  listPageLinksInChangeRequest: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/change-requests/${ids.changeRequest}/content/page/sweptPage/links`).then(
      (r) => r.status
    ),
  listFileBacklinksInChangeRequest: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/spaces/${ids.space}/change-requests/${ids.changeRequest}/content/files/sweptFile/backlinks`).then(
      (r) => r.status
    ),
  listCommentsInSpace: (api, _, ids) => statusOf(api.spaces.listCommentsInSpace(ids.space)),
  postCommentInSpace: (api, _, ids) => statusOf(api.spaces.postCommentInSpace(ids.space, sweptBody)),
  getCommentInSpace: (api, _, ids) => statusOf(api.spaces.getCommentInSpace(ids.space, ids.comment)),
  updateCommentInSpace: (api, _, ids) => statusOf(api.spaces.updateCommentInSpace(ids.space, ids.comment, { resolved: true })),
  deleteCommentInSpace: (api, _, ids) => statusOf(api.spaces.deleteCommentInSpace(ids.space, ids.comment)),
  listCommentRepliesInSpace: (api, _, ids) => statusOf(api.spaces.listCommentRepliesInSpace(ids.space, ids.comment)),
  postCommentReplyInSpace: (api, _, ids) => statusOf(api.spaces.postCommentReplyInSpace(ids.space, ids.comment, sweptBody)),
  getCommentReplyInSpace: (api, _, ids) => statusOf(api.spaces.getCommentReplyInSpace(ids.space, ids.comment, ids.reply)),
  updateCommentReplyInSpace: (api, _, ids) =>
    statusOf(api.spaces.updateCommentReplyInSpace(ids.space, ids.comment, ids.reply, { addedReactions: ["👍"] })),
  deleteCommentReplyInSpace: (api, _, ids) => statusOf(api.spaces.deleteCommentReplyInSpace(ids.space, ids.comment, ids.reply)),
  listCommentersInSpace: (api, _, ids) => statusOf(api.spaces.listCommentersInSpace(ids.space)),
  listCommentsInChangeRequest: (api, _, ids) => statusOf(api.spaces.listCommentsInChangeRequest(ids.space, ids.changeRequest)),
  postCommentInChangeRequest: (api, _, ids) => statusOf(api.spaces.postCommentInChangeRequest(ids.space, ids.changeRequest, sweptBody)),
  getCommentInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.getCommentInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment)),
  updateCommentInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.updateCommentInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment, { resolved: true })),
  deleteCommentInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.deleteCommentInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment)),
  listCommentRepliesInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.listCommentRepliesInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment)),
  postCommentReplyInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.postCommentReplyInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment, sweptBody)),
  getCommentReplyInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.getCommentReplyInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment, ids.changeRequestReply)),
  updateCommentReplyInChangeRequest: (api, _, ids) =>
    statusOf(
      api.spaces.updateCommentReplyInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment, ids.changeRequestReply, {
        addedReactions: ["👍"]
      })
    ),
  deleteCommentReplyInChangeRequest: (api, _, ids) =>
    statusOf(api.spaces.deleteCommentReplyInChangeRequest(ids.space, ids.changeRequest, ids.changeRequestComment, ids.changeRequestReply)),
  listCommentersInChangeRequest: (api, _, ids) => statusOf(api.spaces.listCommentersInChangeRequest(ids.space, ids.changeRequest)),
  listSites: (api, _, ids) => statusOf(api.orgs.listSites(ids.organization)),
  createSite: (api, _, ids) => statusOf(api.orgs.createSite(ids.organization, { title: "Swept" })),
  getSiteById: (api, _, ids) => statusOf(api.orgs.getSiteById(ids.organization, ids.site)),
  updateSiteById: (api, _, ids) => statusOf(api.orgs.updateSiteById(ids.organization, ids.site, { title: "Swept" })),
  deleteSiteById: (api, _, ids) => statusOf(api.orgs.deleteSiteById(ids.organization, ids.site)),
  getSiteAdaptiveSchema: (api, _, ids) => statusOf(api.orgs.getSiteAdaptiveSchema(ids.organization, ids.site)),
  updateSiteAdaptiveSchema: (api, _, ids) =>
    statusOf(api.orgs.updateSiteAdaptiveSchema(ids.organization, ids.site, { jsonSchema: { type: "object", properties: {}, additionalProperties: false } } as any)),
  getPublishedContentSite: (api, _, ids) => statusOf(api.orgs.getPublishedContentSite(ids.organization, ids.site)),
  publishSite: (api, _, ids) => statusOf(api.orgs.publishSite(ids.organization, ids.site)),
  unpublishSite: (api, _, ids) => statusOf(api.orgs.unpublishSite(ids.organization, ids.site)),
  getSiteStructure: (api, _, ids) => statusOf(api.orgs.getSiteStructure(ids.organization, ids.site)),
  listSiteSections: (api, _, ids) => statusOf(api.orgs.listSiteSections(ids.organization, ids.site)),
  addSectionToSite: (api, _, ids) => statusOf(api.orgs.addSectionToSite(ids.organization, ids.site, { spaceId: ids.space } as any)),
  updateSiteSectionById: (api, _, ids) =>
    statusOf(api.orgs.updateSiteSectionById(ids.organization, ids.site, ids.siteSection, { title: "Swept" })),
  deleteSiteSectionById: (api, _, ids) => statusOf(api.orgs.deleteSiteSectionById(ids.organization, ids.site, ids.siteSection)),
  moveSiteSection: (api, _, ids) => statusOf(api.orgs.moveSiteSection(ids.organization, ids.site, ids.siteSection, {})),
  listSiteSpaces: (api, _, ids) => statusOf(api.orgs.listSiteSpaces(ids.organization, ids.site)),
  addSpaceToSite: (api, _, ids) => statusOf(api.orgs.addSpaceToSite(ids.organization, ids.site, { spaceId: ids.space } as any)),
  updateSiteSpaceById: (api, _, ids) => statusOf(api.orgs.updateSiteSpaceById(ids.organization, ids.site, ids.siteSpace, { path: "swept" })),
  deleteSiteSpaceById: (api, _, ids) => statusOf(api.orgs.deleteSiteSpaceById(ids.organization, ids.site, ids.siteSpace)),
  moveSiteSpace: (api, _, ids) => statusOf(api.orgs.moveSiteSpace(ids.organization, ids.site, ids.siteSpace, {})),
  listSiteShareLinks: (api, _, ids) => statusOf(api.orgs.listSiteShareLinks(ids.organization, ids.site)),
  createSiteShareLink: (api, _, ids) => statusOf(api.orgs.createSiteShareLink(ids.organization, ids.site, { name: "Swept" })),
  updateSiteShareLinkById: (api, _, ids) =>
    statusOf(api.orgs.updateSiteShareLinkById(ids.organization, ids.site, ids.shareLink, { active: false })),
  deleteSiteShareLinkById: (api, _, ids) => statusOf(api.orgs.deleteSiteShareLinkById(ids.organization, ids.site, ids.shareLink)),
  listSiteSectionGroups: (api, _, ids) => statusOf(api.orgs.listSiteSectionGroups(ids.organization, ids.site)),
  addSectionGroupToSite: (api, _, ids) => statusOf(api.orgs.addSectionGroupToSite(ids.organization, ids.site, { title: "Swept" })),
  updateSiteSectionGroupById: (api, _, ids) =>
    statusOf(api.orgs.updateSiteSectionGroupById(ids.organization, ids.site, ids.siteSectionGroup, { title: "Swept" })),
  deleteSiteSectionGroupById: (api, _, ids) =>
    statusOf(api.orgs.deleteSiteSectionGroupById(ids.organization, ids.site, ids.siteSectionGroup)),
  moveSiteSectionGroup: (api, _, ids) => statusOf(api.orgs.moveSiteSectionGroup(ids.organization, ids.site, ids.siteSectionGroup, {})),
  searchSpaceContent: (api, _, ids) => statusOf(api.spaces.searchSpaceContent(ids.space, { query: "swept" })),
  searchOrganizationContent: (api, _, ids) => statusOf(api.orgs.searchOrganizationContent(ids.organization, { query: "swept" })),
  listSAMLProvidersInOrganizationById: (api, _, ids) => statusOf(api.orgs.listSamlProvidersInOrganizationById(ids.organization)),
  createOrganizationSAMLProvider: (api, _, ids) =>
    statusOf(
      api.orgs.createOrganizationSamlProvider(ids.organization, {
        label: "Swept",
        entityID: "https://idp.test",
        ssoURL: "https://idp.test/sso",
        certificate: sweptCertificate
      })
    ),
  getOrganizationSAMLProviderById: (api, _, ids) => statusOf(api.orgs.getOrganizationSamlProviderById(ids.organization, ids.samlProvider)),
  updateOrganizationSAMLProvider: (api, _, ids) =>
    statusOf(api.orgs.updateOrganizationSamlProvider(ids.organization, ids.samlProvider, { label: "Swept" })),
  deleteOrganizationSAMLProvider: (api, _, ids) => statusOf(api.orgs.deleteOrganizationSamlProvider(ids.organization, ids.samlProvider)),
  listSSOProviderLoginsInOrganization: (api, _, ids) => statusOf(api.orgs.listSsoProviderLoginsInOrganization(ids.organization)),
  listTranslations: (api, _, ids) => statusOf(api.orgs.listTranslations(ids.organization)),
  createTranslation: (api, _, ids) => statusOf(api.orgs.createTranslation(ids.organization, { title: "Swept" } as any)),
  getTranslation: (api, _, ids) => statusOf(api.orgs.getTranslation(ids.organization, ids.translation)),
  updateTranslation: (api, _, ids) => statusOf(api.orgs.updateTranslation(ids.organization, ids.translation, { title: "Swept" } as any)),
  deleteTranslation: (api, _, ids) => statusOf(api.orgs.deleteTranslation(ids.organization, ids.translation)),
  listSpaceCustomFieldValues: (_, token, ids) => rawCall(server.url, token, "GET", `/spaces/${ids.space}/custom-fields`).then((r) => r.status),
  updateSpaceCustomFieldValues: (_, token, ids) =>
    rawCall(server.url, token, "PATCH", `/spaces/${ids.space}/custom-fields`, { values: { swept: { value: "Swept" } } }).then((r) => r.status),
  listCustomFieldsInOrganizationById: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/orgs/${ids.organization}/custom-fields`).then((r) => r.status),
  createOrganizationCustomField: (_, token, ids) =>
    rawCall(server.url, token, "POST", `/orgs/${ids.organization}/custom-fields`, { name: "swept", type: "text" }).then((r) => r.status),
  getOrganizationCustomFieldByName: (_, token, ids) =>
    rawCall(server.url, token, "GET", `/orgs/${ids.organization}/custom-fields/swept`).then((r) => r.status),
  updateOrganizationCustomFieldByName: (_, token, ids) =>
    rawCall(server.url, token, "PATCH", `/orgs/${ids.organization}/custom-fields/swept`, { title: "Swept" }).then((r) => r.status),
  deleteOrganizationCustomFieldByName: (_, token, ids) =>
    rawCall(server.url, token, "DELETE", `/orgs/${ids.organization}/custom-fields/swept`).then((r) => r.status),
  listOpenAPISpecs: (api, _, ids) => statusOf(api.orgs.listOpenApiSpecs(ids.organization)),
  createOpenAPISpec: (api, _, ids) =>
    statusOf(api.orgs.createOpenApiSpec(ids.organization, { slug: "swept-new", source: { text: '{"openapi":"3.1.0"}' } })),
  getOpenAPISpecBySlug: (api, _, ids) => statusOf(api.orgs.getOpenApiSpecBySlug(ids.organization, ids.openApiSpec)),
  createOrUpdateOpenAPISpecBySlug: (api, _, ids) =>
    statusOf(api.orgs.createOrUpdateOpenApiSpecBySlug(ids.organization, ids.openApiSpec, { source: { text: '{"openapi":"3.1.0"}' } })),
  updateOpenAPISpecBySlug: (api, _, ids) =>
    statusOf(api.orgs.updateOpenApiSpecBySlug(ids.organization, ids.openApiSpec, { visibility: "public" } as any)),
  deleteOpenAPISpecBySlug: (api, _, ids) => statusOf(api.orgs.deleteOpenApiSpecBySlug(ids.organization, ids.openApiSpec)),
  listOpenAPISpecVersions: (api, _, ids) => statusOf(api.orgs.listOpenApiSpecVersions(ids.organization, ids.openApiSpec)),
  getLatestOpenAPISpecVersion: (api, _, ids) => statusOf(api.orgs.getLatestOpenApiSpecVersion(ids.organization, ids.openApiSpec)),
  getLatestOpenAPISpecVersionContent: (api, _, ids) =>
    statusOf(api.orgs.getLatestOpenApiSpecVersionContent(ids.organization, ids.openApiSpec)),
  getLatestOpenAPISpecVersionContentRaw: (api, _, ids) =>
    statusOf(api.orgs.getLatestOpenApiSpecVersionContentRaw(ids.organization, ids.openApiSpec)),
  getOpenAPISpecVersionById: (api, _, ids) =>
    statusOf(api.orgs.getOpenApiSpecVersionById(ids.organization, ids.openApiSpec, ids.openApiVersion)),
  getOpenAPISpecVersionContentById: (api, _, ids) =>
    statusOf(api.orgs.getOpenApiSpecVersionContentById(ids.organization, ids.openApiSpec, ids.openApiVersion)),
  listIntegrations: (api) => statusOf(api.integrations.listIntegrations()),
  getIntegrationByName: (api, _, ids) => statusOf(api.integrations.getIntegrationByName(ids.integration)),
  publishIntegration: (api, _, ids) =>
    statusOf(
      api.integrations.publishIntegration(ids.integration, {
        title: "Swept",
        description: "Swept",
        script: "export default {}",
        organization: ids.organization,
        scopes: [],
        visibility: "private"
      } as any)
    ),
  unpublishIntegration: (api, _, ids) => statusOf(api.integrations.unpublishIntegration(ids.integration)),
  listIntegrationInstallations: (api, _, ids) => statusOf(api.integrations.listIntegrationInstallations(ids.integration)),
  installIntegration: (api, _, ids) => statusOf(api.integrations.installIntegration(ids.integration, { organization: ids.organization })),
  getIntegrationInstallationById: (api, _, ids) => statusOf(api.integrations.getIntegrationInstallationById(ids.integration, ids.installation)),
  updateIntegrationInstallation: (api, _, ids) =>
    statusOf(api.integrations.updateIntegrationInstallation(ids.integration, ids.installation, { externalIds: ["swept"] })),
  uninstallIntegration: (api, _, ids) => statusOf(api.integrations.uninstallIntegration(ids.integration, ids.installation)),
  listIntegrationInstallationSpaces: (api, _, ids) => statusOf(api.integrations.listIntegrationInstallationSpaces(ids.integration, ids.installation)),
  installIntegrationOnSpace: (api, _, ids) =>
    statusOf(api.integrations.installIntegrationOnSpace(ids.integration, ids.installation, { space: ids.space })),
  uninstallIntegrationFromSpace: (api, _, ids) =>
    statusOf(api.integrations.uninstallIntegrationFromSpace(ids.integration, ids.installation, ids.space)),
  listOrganizationInstallations: (api, _, ids) => statusOf(api.orgs.listOrganizationInstallations(ids.organization))
}

/**
 * Operations the sweeps leave out: `downloadPDF` takes no token by design (the signed URL it is
 * called with is the permission), so it answers none of the sweeps' statuses; pdf.test.ts drives
 * it, tampered, expired and outsiders' links included. Quire's SAML service provider operations
 * take no token either (the identity provider's signed assertion, then the one-time code, is the
 * permission): sso.test.ts drives them, forgeries included.
 */
const notSwept = new Set(["downloadPDF", ...operationsByArea.samlServiceProvider])

/** Operations on no organization's resources. */
const userLevel = new Set([
  "getAuthenticatedUser",
  "listOrganizationsForAuthenticatedUser",
  "createOrganization",
  "getOrganizationsForEmailDomain",
  // Lists the integrations the caller may see (public ones at least): no organization's resource.
  "listIntegrations"
])
/** These, and the operations open to whoever holds an invite id. */
const notOrganizationScoped = new Set([...userLevel, "getOrganizationInviteLink", "joinOrganizationWithInvite"])

/** Runs every operation as `who`; answers the operations whose status is not `expected`. */
const sweep = async (
  who: { api: GitBookClient; token: string | undefined },
  ids: Ids,
  expected: number,
  only: (operationId: string) => boolean = () => true
) => {
  const wrong: Array<string> = []
  for (const [operationId, call] of Object.entries(operations)) {
    if (!only(operationId)) continue
    const status = await call(who.api, who.token, ids)
    if (status !== expected) wrong.push(`${operationId}: ${status}`)
  }
  return wrong
}

describe("authentication", () => {
  it("every operation answers 401 without a token", async () => {
    expect(await sweep({ api: gitbook(server.url), token: undefined }, known, 401)).toEqual([])
  })

  it("every operation answers 401 to an unknown token", async () => {
    const token = "quire_thisTokenWasNeverIssuedByTheServer00"
    expect(await sweep({ api: gitbook(server.url, token), token }, known, 401)).toEqual([])
  })

  it("a 401 is the official error body, also for a malformed Authorization header", async () => {
    const response = await fetch(`${server.url}/v1/user`, { headers: { authorization: "Basic YWRhOmFkYQ==" } })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: { code: 401, message: expect.any(String) } })
    await expectFailure(gitbook(server.url).user.getAuthenticatedUser(), 401, /token/)
  })
})

describe("organization isolation", () => {
  it("an outsider gets 404, never 403, from every operation on an organization's resources", async () => {
    expect(await sweep(eve, known, 404, (op) => !notOrganizationScoped.has(op))).toEqual([])
  })

  it("the outsider's attempts changed nothing", async () => {
    const organization = await ada.api.orgs.getOrganizationById(known.organization)
    expect(organization.data.title).toBe("Acme")
    expect((await ada.api.orgs.getMemberInOrganizationById(known.organization, bob.user.id)).data.role).toBe("read")
    expect((await ada.api.orgs.getTeamInOrganizationById(known.organization, known.team)).data).toMatchObject({
      title: "Team",
      members: 1
    })
    const invite = (await ada.api.orgs.getOrganizationInviteLink(known.organization, known.invite)).data
    expect(invite).toMatchObject({ role: "read" })
    expect((await ada.api.collections.getCollectionById(known.collection)).data.title).toBe("Collection")
    const space = (await ada.api.spaces.getSpaceById(known.space)).data
    expect(space).toMatchObject({ title: "Space", parent: known.collection, organization: known.organization })
    expect(space.deletedAt).toBeUndefined()
    const changeRequest = (await ada.api.spaces.getChangeRequestById(known.space, known.changeRequest)).data
    expect(changeRequest).toMatchObject({ subject: "Change", status: "draft", revision: space.revision })
    for (const [comment, reply] of [
      [
        (await ada.api.spaces.getCommentInSpace(known.space, known.comment)).data,
        (await ada.api.spaces.getCommentReplyInSpace(known.space, known.comment, known.reply)).data
      ],
      [
        (await ada.api.spaces.getCommentInChangeRequest(known.space, known.changeRequest, known.changeRequestComment)).data,
        (await ada.api.spaces.getCommentReplyInChangeRequest(known.space, known.changeRequest, known.changeRequestComment, known.changeRequestReply))
          .data
      ]
    ] as const) {
      expect(comment).toMatchObject({ status: "open", replies: 1, reactions: [], body: { markdown: "Swept" } })
      expect(reply.reactions).toEqual([])
    }
    expect((await ada.api.spaces.listCommentsInSpace(known.space)).data.count).toBe(1)
    expect((await ada.api.orgs.getSiteById(known.organization, known.site)).data).toMatchObject({ title: "Site", published: false, siteSpaces: 2 })
    expect((await ada.api.orgs.listSiteSections(known.organization, known.site)).data.items.map((s) => s.title)).toEqual(["Site", "Section"])
    expect((await ada.api.orgs.listSiteSectionGroups(known.organization, known.site)).data.items.map((g) => g.title)).toEqual(["Group"])
    expect((await ada.api.orgs.listSiteShareLinks(known.organization, known.site)).data.items.map((l) => l.active)).toEqual([true])
    expect((await ada.api.orgs.getTranslation(known.organization, known.translation)).data).toMatchObject({ title: "Translation" })
    expect((await ada.api.orgs.getOpenApiSpecBySlug(known.organization, known.openApiSpec)).data).toMatchObject({
      visibility: "private",
      lastVersion: known.openApiVersion
    })
    expect((await ada.api.integrations.getIntegrationByName(known.integration)).data).toMatchObject({ version: 1, title: "Swept" })
    expect((await ada.api.integrations.getIntegrationInstallationById(known.integration, known.installation)).data).toMatchObject({ spaces: 0, externalIds: [] })
    expect((await eve.api.orgs.listOrganizationsForAuthenticatedUser()).data.items.map((o) => o.title)).not.toContain("Acme")
  })

  it("the error an outsider gets is the one an unknown id gets", async () => {
    const asOutsider = await expectFailure(eve.api.spaces.getSpaceById(known.space), 404)
    const asUnknown = await expectFailure(eve.api.spaces.getSpaceById(unknown.space), 404)
    expect(asOutsider.errorMessage.replace(known.space, "ID")).toBe(asUnknown.errorMessage.replace(unknown.space, "ID"))
  })
})

describe("unknown ids", () => {
  it("every operation on an unknown organization, collection or space answers 404", async () => {
    expect(await sweep(ada, unknown, 404, (op) => !userLevel.has(op))).toEqual([])
  })

  it("every change request operation on an unknown change request (id or number) of a known space answers 404", async () => {
    const changeRequestOperations = new Set<string>([
      ...operationsByArea.changeRequests,
      ...operationsByArea.changeRequestContent,
      ...operationsByArea.links.filter((op) => op.endsWith("InChangeRequest")),
      ...operationsByArea.changeRequestChanges.filter((op) => op !== "getRevisionSemanticChanges"),
      ...operationsByArea.comments.filter((op) => op.endsWith("InChangeRequest"))
    ])
    const only = (op: string) => changeRequestOperations.has(op) && !op.endsWith("ForSpace") && op !== "createChangeRequest"
    expect(await sweep(ada, { ...known, changeRequest: unknown.changeRequest }, 404, only)).toEqual([])
    expect(await sweep(ada, { ...known, changeRequest: "99" }, 404, only)).toEqual([])
  })

  it("unknown invites, teams and members in a known organization answer 404", async () => {
    const org = known.organization
    await expectFailure(ada.api.orgs.getOrganizationInviteLink(org, unknown.invite), 404)
    await expectFailure(ada.api.orgs.updateOrganizationInviteById(org, unknown.invite, { role: MemberRole.Read }), 404)
    await expectFailure(bob.api.orgs.joinOrganizationWithInvite(org, unknown.invite), 404)
    await expectFailure(ada.api.orgs.getTeamInOrganizationById(org, unknown.team), 404)
    await expectFailure(ada.api.orgs.updateTeamInOrganizationById(org, unknown.team, { title: "X" }), 404)
    await expectFailure(ada.api.orgs.listTeamMembersInOrganizationById(org, unknown.team), 404)
    await expectFailure(ada.api.orgs.updateMembersInOrganizationTeam(org, unknown.team, { add: [] }), 404)
    await expectFailure(ada.api.orgs.addMemberToOrganizationTeamById(org, unknown.team, bob.user.id, {}), 404)
    await expectFailure(ada.api.orgs.addMemberToOrganizationTeamById(org, known.team, unknown.user, {}), 404)
    await expectFailure(ada.api.orgs.deleteMemberFromOrganizationTeamById(org, unknown.team, bob.user.id), 404)
    await expectFailure(ada.api.orgs.getMemberInOrganizationById(org, unknown.user), 404)
    await expectFailure(ada.api.orgs.updateMemberInOrganizationById(org, unknown.user, { role: MemberRole.Read }), 404)
    await expectFailure(ada.api.orgs.listSpacesForOrganizationMember(org, unknown.user), 404)
    await expectFailure(ada.api.orgs.listTeamsForOrganizationMember(org, unknown.user), 404)
    expect((await rawCall(server.url, ada.token, "POST", `/orgs/${org}/members/${unknown.user}/sso`)).status).toBe(404)
  })

  it("deleting a member or team member that does not exist answers 204 (spec: did not exist)", async () => {
    expect((await ada.api.orgs.removeMemberFromOrganizationById(known.organization, unknown.user)).status).toBe(204)
    expect(
      (await ada.api.orgs.deleteMemberFromOrganizationTeamById(known.organization, known.team, unknown.user)).status
    ).toBe(204)
  })

  it("deleting an invite link that does not exist answers 204 (spec: did not exist)", async () => {
    expect((await ada.api.orgs.deleteOrganizationInviteById(known.organization, unknown.invite)).status).toBe(204)
  })

  it("deleting a team that does not exist answers 204 (spec: did not exist)", async () => {
    expect((await ada.api.orgs.removeTeamFromOrganizationById(known.organization, unknown.team)).status).toBe(204)
  })

  it("unknown translation settings in a known organization answer 404; deleting them 204 (spec: did not exist)", async () => {
    await expectFailure(ada.api.orgs.getTranslation(known.organization, unknown.translation), 404)
    await expectFailure(ada.api.orgs.updateTranslation(known.organization, unknown.translation, { title: "X" } as any), 404)
    expect((await ada.api.orgs.deleteTranslation(known.organization, unknown.translation)).status).toBe(204)
  })

  it("an unknown custom field in a known organization answers 404, also to a delete", async () => {
    const path = `/orgs/${known.organization}/custom-fields/unknown-field`
    expect((await rawCall(server.url, ada.token, "GET", path)).status).toBe(404)
    expect((await rawCall(server.url, ada.token, "PATCH", path, { title: "X" })).status).toBe(404)
    expect((await rawCall(server.url, ada.token, "DELETE", path)).status).toBe(404)
  })

  it("unknown OpenAPI specs and versions in a known organization answer 404; deleting an unknown spec 204 (spec: did not exist)", async () => {
    const org = known.organization
    await expectFailure(ada.api.orgs.getOpenApiSpecBySlug(org, unknown.openApiSpec), 404)
    await expectFailure(ada.api.orgs.updateOpenApiSpecBySlug(org, unknown.openApiSpec, { visibility: "public" } as any), 404)
    await expectFailure(ada.api.orgs.listOpenApiSpecVersions(org, unknown.openApiSpec), 404)
    await expectFailure(ada.api.orgs.getLatestOpenApiSpecVersionContent(org, unknown.openApiSpec), 404)
    await expectFailure(ada.api.orgs.getOpenApiSpecVersionById(org, known.openApiSpec, unknown.openApiVersion), 404)
    await expectFailure(ada.api.orgs.getOpenApiSpecVersionContentById(org, known.openApiSpec, unknown.openApiVersion), 404)
    expect((await ada.api.orgs.deleteOpenApiSpecBySlug(org, unknown.openApiSpec)).status).toBe(204)
  })

  it("an unknown installation of a known integration answers 404; uninstalling it, or a space it is not on, 204 (spec: did not exist)", async () => {
    const { integration, installation } = known
    await expectFailure(ada.api.integrations.getIntegrationInstallationById(integration, unknown.installation), 404)
    await expectFailure(ada.api.integrations.updateIntegrationInstallation(integration, unknown.installation, {}), 404)
    await expectFailure(ada.api.integrations.listIntegrationInstallationSpaces(integration, unknown.installation), 404)
    await expectFailure(ada.api.integrations.installIntegrationOnSpace(integration, unknown.installation, { space: known.space }), 404)
    expect((await ada.api.integrations.uninstallIntegration(integration, unknown.installation)).status).toBe(204)
    expect((await ada.api.integrations.uninstallIntegrationFromSpace(integration, installation, unknown.space)).status).toBe(204)
  })
})

interface ListPage<T> {
  readonly data: { readonly items: ReadonlyArray<T>; readonly count?: number; readonly next?: { readonly page: string } }
}

/** Follows `next` from the first page to the last. */
const walk = async <T>(fetchPage: (page: string | undefined) => Promise<ListPage<T>>) => {
  const items: Array<T> = []
  const counts: Array<number | undefined> = []
  let page: string | undefined
  let pages = 0
  do {
    const { data } = await fetchPage(page)
    items.push(...data.items)
    counts.push(data.count)
    page = data.next?.page
    pages++
  } while (page !== undefined && pages <= 50)
  return { items, counts, pages }
}

describe("pagination", () => {
  let organization: string
  let team: string
  let changeRequestSpace: string

  beforeAll(async () => {
    organization = (await ada.api.orgs.createOrganization({ title: "Paged" })).data.id
    for (let i = 0; i < 5; i++) {
      await ada.api.orgs.createSpace(organization, { title: `Space ${i}` })
      await ada.api.orgs.createCollection(organization, { title: `Collection ${i}` })
      await ada.api.orgs.createOrganizationTeam(organization, { title: `Team ${i}` })
      await ada.api.orgs.createOrganizationInvite(organization, { role: MemberRole.Read })
    }
    const invite = (await ada.api.orgs.listOrganizationInviteLinks(organization)).data.items[0]!.id
    for (const who of [bob, eve]) await who.api.orgs.joinOrganizationWithInvite(organization, invite)
    team = (await ada.api.orgs.createOrganizationTeam(organization, { title: "Everyone", members: [ada.user.id, bob.user.id, eve.user.id] }))
      .data.id
    changeRequestSpace = (await ada.api.orgs.listSpacesInOrganizationById(organization)).data.items[0]!.id
    for (let i = 0; i < 5; i++) await ada.api.spaces.createChangeRequest(changeRequestSpace, { subject: `Change ${i}` })
  })

  /** Every list of the organization, read through the client with a given page and limit. */
  type List = (page: string | undefined, limit: number | undefined) => Promise<ListPage<unknown>>
  const lists = (): Record<string, List> => ({
      listOrganizationsForAuthenticatedUser: (page, limit) => ada.api.orgs.listOrganizationsForAuthenticatedUser({ page, limit }),
      listOrganizationInviteLinks: (page, limit) => ada.api.orgs.listOrganizationInviteLinks(organization, { page, limit }),
      listMembersInOrganizationById: (page, limit) => ada.api.orgs.listMembersInOrganizationById(organization, { page, limit }),
      listSpacesForOrganizationMember: (page, limit) =>
        ada.api.orgs.listSpacesForOrganizationMember(organization, ada.user.id, { page, limit }),
      listTeamsForOrganizationMember: (page, limit) =>
        ada.api.orgs.listTeamsForOrganizationMember(organization, ada.user.id, { page, limit }),
      listTeamsInOrganizationById: (page, limit) => ada.api.orgs.listTeamsInOrganizationById(organization, { page, limit }),
      listTeamMembersInOrganizationById: (page, limit) =>
        ada.api.orgs.listTeamMembersInOrganizationById(organization, team, { page, limit }),
      listCollectionsInOrganizationById: (page, limit) =>
        ada.api.orgs.listCollectionsInOrganizationById(organization, { page, limit }),
      listSpacesInOrganizationById: (page, limit) => ada.api.orgs.listSpacesInOrganizationById(organization, { page, limit }),
    listSpacesInCollectionById: (page, limit) => ada.api.collections.listSpacesInCollectionById(known.collection, { page, limit }),
    listChangeRequestsForSpace: (page, limit) =>
      ada.api.spaces.listChangeRequestsForSpace(changeRequestSpace, { status: "draft" as any, page, limit })
  })

  /** A stable identity for a list item, whatever its shape. */
  const keyOf = (item: any): string => item.id ?? item.space?.id ?? item.team?.id ?? item.organization?.id

  it("limit=1 walks every item exactly once, with the total in count and no next on the last page", async () => {
    for (const [name, list] of Object.entries(lists())) {
      const whole = (await list(undefined, 1000)).data
      expect(whole.next, name).toBeUndefined()
      const walked = await walk((page) => list(page, 1))
      expect(walked.items.map(keyOf), name).toEqual(whole.items.map(keyOf))
      expect(new Set(walked.items.map(keyOf)).size, name).toBe(whole.items.length)
      expect(walked.pages, name).toBe(Math.max(1, whole.items.length))
      expect(new Set(walked.counts), name).toEqual(new Set([whole.count]))
      expect(whole.count, name).toBe(whole.items.length)
    }
  })

  it("limit=1 walks the members in every sort and order", async () => {
    const names = async (query: { sort?: "joinedAt" | "lastSeenAt" | "name"; order?: "asc" | "desc" }) => {
      const walked = await walk((page) => ada.api.orgs.listMembersInOrganizationById(organization, { ...query, page, limit: 1 }))
      return walked.items.map((m) => m.user.displayName)
    }
    expect(await names({ sort: "name", order: "asc" })).toEqual(["Ada", "Bob", "Eve"])
    expect(await names({ sort: "name", order: "desc" })).toEqual(["Eve", "Bob", "Ada"])
    expect(await names({ order: "asc" })).toEqual(["Ada", "Bob", "Eve"])
    expect(await names({})).toEqual(["Eve", "Bob", "Ada"])
    await eve.api.orgs.updateOrganizationMemberLastSeenAt(organization)
    await ada.api.orgs.updateOrganizationMemberLastSeenAt(organization)
    expect(await names({ sort: "lastSeenAt", order: "asc" })).toEqual(["Eve", "Ada"])
    expect(await names({ sort: "lastSeenAt" })).toEqual(["Ada", "Eve"])
  })

  it("lists hold what was made for them", async () => {
    const sizes = Object.fromEntries(
      await Promise.all(Object.entries(lists()).map(async ([name, list]) => [name, (await list(undefined, 1000)).data.count]))
    )
    expect(sizes).toMatchObject({
      listOrganizationInviteLinks: 5,
      listMembersInOrganizationById: 3,
      listSpacesForOrganizationMember: 5,
      listTeamsForOrganizationMember: 1,
      listTeamsInOrganizationById: 6,
      listTeamMembersInOrganizationById: 3,
      listCollectionsInOrganizationById: 5,
      listSpacesInOrganizationById: 5,
      listSpacesInCollectionById: 1,
      listChangeRequestsForSpace: 5
    })
  })

  it("a walk sees every item once even while items are added", async () => {
    const before = (await ada.api.orgs.listSpacesInOrganizationById(organization, { limit: 1000 })).data.items.map((s) => s.id)
    let added = 0
    const walked = await walk(async (page) => {
      const result = await ada.api.orgs.listSpacesInOrganizationById(organization, { page, limit: 2 })
      if (added < 2) {
        await ada.api.orgs.createSpace(organization, { title: `Added ${added++}` })
      }
      return result
    })
    const ids = walked.items.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expect.arrayContaining(before))
  })

  it("limit=0 and limit=1001 are 400 naming `limit` on every list", async () => {
    for (const [name, list] of Object.entries(lists())) {
      for (const limit of [0, 1001, 2.5]) {
        const error = await expectFailure(list(undefined, limit), 400, /limit/)
        expect(error.errorMessage, `${name} limit=${limit}`).toMatch(/1000/)
      }
    }
    await expectFailure(ada.api.orgs.listSpacesInOrganizationById(organization, { limit: "ten" as any }), 400, /limit/)
  })

  it("a page token the list never gave is 400 naming `page`", async () => {
    await expectFailure(ada.api.orgs.listSpacesInOrganizationById(organization, { page: "garbage" }), 400, /page/)
    await expectFailure(ada.api.orgs.listMembersInOrganizationById(organization, { page: "e30" }), 400, /page/)
  })
})

describe("requests no operation handles", () => {
  it("an unknown route is a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/v1/nothing/here"],
      ["POST", "/v1/orgs/x/y/z"],
      ["DELETE", "/v1/orgs"]
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${ada.token}` } })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.headers.get("content-type")).toMatch(/application\/json/)
      expect(await response.json()).toEqual({ error: { code: 404, message: expect.any(String) } })
    }
  })

  it("malformed JSON is a 400 naming the body", async () => {
    const created = await rawCall(server.url, ada.token, "POST", "/orgs", '{"title": "Broken"')
    expect(created.status).toBe(400)
    expect(created.body).toEqual({ error: { code: 400, message: expect.stringMatching(/body/), field: "body" } })
    const updated = await rawCall(server.url, ada.token, "PATCH", `/orgs/${known.organization}`, "{title:")
    expect(updated.status).toBe(400)
    expect(updated.body.error.message).toMatch(/JSON/)
    expect((await ada.api.orgs.getOrganizationById(known.organization)).data.title).toBe("Acme")
  })

  it("a body that is JSON but not an object is a 400", async () => {
    for (const body of ["[1, 2]", '"Acme"', "42", "null"]) {
      const response = await rawCall(server.url, ada.token, "POST", "/orgs", body)
      expect(response.status, body).toBe(400)
      expect(response.body.error.code).toBe(400)
    }
  })

  it("a wrongly typed field is a 400 naming it", async () => {
    await expectFailure(ada.api.orgs.updateOrganizationById(known.organization, { title: 42 } as any), 400, /title/)
    await expectFailure(ada.api.spaces.moveSpace(known.space, { parent: 7 } as any), 400, /parent/)
  })
})

describe("response bodies", () => {
  it("declare their exact length in bytes and JSON as their type, with text beyond ASCII", async () => {
    const title = "Über — 文档 ✓"
    const created = await ada.api.orgs.createSpace(known.organization, { title })
    for (const path of [`/spaces/${created.data.id}`, `/orgs/${known.organization}/spaces?limit=1000`]) {
      const response = await fetch(`${server.url}/v1${path}`, { headers: { authorization: `Bearer ${ada.token}` } })
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(response.headers.get("content-type"), path).toBe("application/json")
      expect(Number(response.headers.get("content-length")), path).toBe(bytes.length)
      // A body cut short by a wrong length would not parse.
      expect(JSON.stringify(JSON.parse(bytes.toString("utf8"))), path).toContain(title)
    }
  })
})

describe("the request log", () => {
  it("has one line per request on stderr with time, method, url, status and duration", async () => {
    const marker = `log-${Date.now()}`
    await fetch(`${server.url}/v1/user?${marker}`, { headers: { authorization: `Bearer ${ada.token}` } })
    await fetch(`${server.url}/v1/nothing/${marker}`, { headers: { authorization: `Bearer ${ada.token}` } })
    await fetch(`${server.url}/v1/user?${marker}`)
    // Lines go out in batches, at least every 100 ms.
    const logged = () => server.output().split("\n").filter((line) => line.includes(marker))
    for (let waited = 0; logged().length < 3 && waited < 2000; waited += 50) await new Promise((done) => setTimeout(done, 50))
    const lines = logged()
    const line = (path: string, status: number) =>
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z GET ${path.replace("?", "\\?")} ${status} \\d+ms$`)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(line(`/v1/user?${marker}`, 200))
    expect(lines[1]).toMatch(line(`/v1/nothing/${marker}`, 404))
    expect(lines[2]).toMatch(line(`/v1/user?${marker}`, 401))
  })

  // The line waits in the log's buffer (up to 100 ms) when SIGTERM comes: the server itself shuts
  // down and writes it as it exits. `stop` resolves once the output is all read.
  it("loses no line when the server stops right after a request", async () => {
    const other = await startServer()
    try {
      await fetch(`${other.url}/v1/user?last-words`)
    } finally {
      await other.stop()
    }
    const output = other.output()
    expect(output).toContain("quire: shutting down (SIGTERM)")
    expect(output).toMatch(/ GET \/v1\/user\?last-words 401 \d+ms/)
  })
})

describe("the server describes itself", () => {
  it("GET /v1/ answers with links to its documents", async () => {
    const response = await fetch(`${server.url}/v1/`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ openapi: `${server.url}/v1/openapi.json`, version: expect.any(String) })
  })

  it("GET /v1/ answers as the official getApiInformation (version and build)", async () => {
    const { status, data } = await ada.api.getApiInformation()
    expect(status).toBe(200)
    expect(data.version).toEqual(expect.any(String))
  })

  it("GET /v1/openapi.json is an OpenAPI document with every operation under its server, /v1", async () => {
    const response = await fetch(`${server.url}/v1/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/application\/json/)
    const document: any = await response.json()
    expect(document.openapi).toMatch(/^3\./)
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) })
    expect(document.servers).toEqual([{ url: `${server.url}/v1` }])
    const served = new Set<string>()
    for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(item)) served.add(`${method.toUpperCase()} ${path}`)
    }
    expect(served).toContain("POST /orgs")
    expect(served).toContain("POST /spaces/{spaceId}/transfer")
    expect(served).toContain("PUT /orgs/{organizationId}/teams/{teamId}/members/{userId}")
    expect(served.size).toBeGreaterThanOrEqual(requiredOperations.length)
  })

  it("the OpenAPI document names each operation after its official operationId", async () => {
    const document: any = await (await fetch(`${server.url}/v1/openapi.json`)).json()
    const named = new Set<string>()
    for (const item of Object.values<Record<string, { operationId?: string }>>(document.paths)) {
      for (const operation of Object.values(item)) named.add(String(operation.operationId))
    }
    expect(requiredOperations.filter((op) => !named.has(op))).toEqual([])
  })
})

describe("coverage", () => {
  it("the areas' lists are the 191 operations, each official or one Quire adds", () => {
    const areas = Object.values(operationsByArea).flat()
    expect(requiredOperations).toHaveLength(191)
    expect(new Set(requiredOperations).size).toBe(191)
    expect([...areas].sort()).toEqual([...requiredOperations].sort())
    const official = officialOperationIds()
    expect(requiredOperations.filter((op) => !official.has(op))).toEqual([
      "transferSpace",
      "getChangeRequestMergeConflicts",
      "listSpaceLinks",
      "listPageLinks",
      "listFileBacklinks",
      "listPageLinksInChangeRequest",
      "listFileBacklinksInChangeRequest",
      "downloadPDF",
      "downloadFileById",
      "downloadChangeRequestFileById",
      "importContent",
      "importChangeRequestContent",
      "startSAMLSignIn",
      "consumeSAMLResponse",
      "getSAMLServiceProviderMetadata",
      "exchangeSSOHandoff",
      ...operationsByArea.customFields
    ])
  })

  it("this file's sweeps reached every one of the 191 operations but `notSwept`", () => {
    const swept = requiredOperations.filter((op) => !notSwept.has(op))
    expect(Object.keys(operations).sort()).toEqual([...swept].sort())
    expect(swept.filter((op) => !exercised.has(op))).toEqual([])
  })
})
