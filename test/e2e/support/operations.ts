/**
 * The operations the end-to-end suite drives, by the file that drives them (official
 * operationIds; `transferSpace` and the `links` area are the seed's and `getChangeRequestMergeConflicts` Quire's,
 * all absent from the official spec). Each file
 * checks that every operation of its area answered a success at least once.
 */
export const operationsByArea = {
  organizations: [
    "getAuthenticatedUser",
    "listOrganizationsForAuthenticatedUser",
    "createOrganization",
    "getOrganizationById",
    "updateOrganizationById",
    "getOrganizationsForEmailDomain",
    "updateOrganizationMemberLastSeenAt",
    "listOrganizationInviteLinks",
    "createOrganizationInvite",
    "getOrganizationInviteLink",
    "updateOrganizationInviteById",
    "deleteOrganizationInviteById",
    "joinOrganizationWithInvite",
    "listMembersInOrganizationById",
    "getMemberInOrganizationById",
    "updateMemberInOrganizationById",
    "removeMemberFromOrganizationById",
    "setUserAsSSOMemberForOrganization",
    "listSpacesForOrganizationMember",
    "listTeamsForOrganizationMember"
  ],
  teams: [
    "listTeamsInOrganizationById",
    "createOrganizationTeam",
    "getTeamInOrganizationById",
    "updateTeamInOrganizationById",
    "removeTeamFromOrganizationById",
    "listTeamMembersInOrganizationById",
    "updateMembersInOrganizationTeam",
    "addMemberToOrganizationTeamById",
    "deleteMemberFromOrganizationTeamById"
  ],
  content: [
    "getCollectionById",
    "updateCollectionById",
    "deleteCollectionById",
    "listSpacesInCollectionById",
    "moveCollection",
    "transferCollection",
    "listCollectionsInOrganizationById",
    "createCollection",
    "createSpace",
    "listSpacesInOrganizationById",
    "getSpaceById",
    "updateSpaceById",
    "deleteSpaceById",
    "restoreSpace",
    "duplicateSpace",
    "moveSpace",
    "transferSpace"
  ],
  changeRequests: [
    "listChangeRequestsForSpace",
    "createChangeRequest",
    "getChangeRequestById",
    "updateChangeRequestById",
    "mergeChangeRequest",
    "updateChangeRequest",
    "updateChangeRequestContent",
    "getChangeRequestMergeConflicts"
  ],
  changeRequestChanges: ["getChangeRequestChanges", "getContributorsByChangeRequestId", "getRevisionSemanticChanges"],
  contentReads: [
    "getCurrentRevision",
    "listPages",
    "getPageById",
    "getPageByPath",
    "listFiles",
    "getFileById",
    "getRevisionById",
    "listPagesInRevisionById",
    "getPageInRevisionById",
    "getPageInRevisionByPath",
    "listFilesInRevisionById",
    "getFileInRevisionById"
  ],
  links: [
    "listSpaceLinks",
    "listPageLinks",
    "listFileBacklinks",
    "listPageLinksInChangeRequest",
    "listFileBacklinksInChangeRequest"
  ],
  changeRequestContent: [
    "getRevisionOfChangeRequestById",
    "listPagesInChangeRequest",
    "getPageInChangeRequestById",
    "getPageInChangeRequestByPath",
    "listFilesInChangeRequestById",
    "getFileInChangeRequestById"
  ],
  comments: [
    "listCommentsInSpace",
    "postCommentInSpace",
    "getCommentInSpace",
    "updateCommentInSpace",
    "deleteCommentInSpace",
    "listCommentRepliesInSpace",
    "postCommentReplyInSpace",
    "getCommentReplyInSpace",
    "updateCommentReplyInSpace",
    "deleteCommentReplyInSpace",
    "listCommentersInSpace",
    "listCommentsInChangeRequest",
    "postCommentInChangeRequest",
    "getCommentInChangeRequest",
    "updateCommentInChangeRequest",
    "deleteCommentInChangeRequest",
    "listCommentRepliesInChangeRequest",
    "postCommentReplyInChangeRequest",
    "getCommentReplyInChangeRequest",
    "updateCommentReplyInChangeRequest",
    "deleteCommentReplyInChangeRequest",
    "listCommentersInChangeRequest"
  ],
  sites: [
    "listSites",
    "createSite",
    "getSiteById",
    "updateSiteById",
    "deleteSiteById",
    "getSiteAdaptiveSchema",
    "updateSiteAdaptiveSchema",
    "getPublishedContentSite",
    "publishSite",
    "unpublishSite",
    "getSiteStructure",
    "listSiteSections",
    "addSectionToSite",
    "updateSiteSectionById",
    "deleteSiteSectionById",
    "moveSiteSection",
    "listSiteSpaces",
    "addSpaceToSite",
    "updateSiteSpaceById",
    "deleteSiteSpaceById",
    "moveSiteSpace",
    "listSiteShareLinks",
    "createSiteShareLink",
    "updateSiteShareLinkById",
    "deleteSiteShareLinkById",
    "listSiteSectionGroups",
    "addSectionGroupToSite",
    "updateSiteSectionGroupById",
    "deleteSiteSectionGroupById",
    "moveSiteSectionGroup"
  ],
  search: ["searchSpaceContent", "searchOrganizationContent"],
  // Quire's own, absent from the official spec: the downloads every file's `downloadURL`
  // names, and the signed URL `getSpacePDF` and `getChangeRequestPDF` answer.
  exports: ["getSpacePDF", "getChangeRequestPDF", "downloadPDF", "downloadFileById", "downloadChangeRequestFileById"],
  // Quire's own (issue 35): content imported from a URL.
  contentImports: ["importContent", "importChangeRequestContent"],
  gitSync: ["importGitRepository", "exportToGitRepository", "getSpaceGitInfo"],
  sso: [
    "listSAMLProvidersInOrganizationById",
    "createOrganizationSAMLProvider",
    "getOrganizationSAMLProviderById",
    "updateOrganizationSAMLProvider",
    "deleteOrganizationSAMLProvider",
    "listSSOProviderLoginsInOrganization"
  ],
  // Quire's own (issue 36): Quire as a SAML service provider, called by browsers and identity providers.
  samlServiceProvider: ["startSAMLSignIn", "consumeSAMLResponse", "getSAMLServiceProviderMetadata", "exchangeSSOHandoff"],
  // Issue 36: the official paths and operationIds, the seed's shapes (docs/api-notes/translations.md).
  translations: ["listTranslations", "createTranslation", "getTranslation", "updateTranslation", "deleteTranslation"],
  // The seed's, absent from the official spec (issue 36).
  customFields: [
    "listSpaceCustomFieldValues",
    "updateSpaceCustomFieldValues",
    "listCustomFieldsInOrganizationById",
    "createOrganizationCustomField",
    "getOrganizationCustomFieldByName",
    "updateOrganizationCustomFieldByName",
    "deleteOrganizationCustomFieldByName"
  ],
  // Issue 37: OpenAPI specifications and their versions (docs/api-notes/openapi.md).
  openapi: [
    "listOpenAPISpecs",
    "createOpenAPISpec",
    "getOpenAPISpecBySlug",
    "createOrUpdateOpenAPISpecBySlug",
    "updateOpenAPISpecBySlug",
    "deleteOpenAPISpecBySlug",
    "listOpenAPISpecVersions",
    "getLatestOpenAPISpecVersion",
    "getLatestOpenAPISpecVersionContent",
    "getLatestOpenAPISpecVersionContentRaw",
    "getOpenAPISpecVersionById",
    "getOpenAPISpecVersionContentById"
  ],
  // Issue 37: integrations and their installations (docs/api-notes/integrations.md).
  integrations: ["listIntegrations", "getIntegrationByName", "publishIntegration", "unpublishIntegration", "listIntegrationInstallations", "installIntegration", "getIntegrationInstallationById", "updateIntegrationInstallation", "uninstallIntegration", "listIntegrationInstallationSpaces", "installIntegrationOnSpace", "uninstallIntegrationFromSpace", "listOrganizationInstallations"]
} as const

/** The 191 operations this product implements so far (the brief's 46, then change requests, content reads, change request content, change request changes and contributors, links, comments, PDF exports and file downloads, sites, search, content imports, Git sync, SSO, translations, custom fields, OpenAPI specifications and integrations). */
export const requiredOperations: ReadonlyArray<string> = Object.values(operationsByArea).flat()
