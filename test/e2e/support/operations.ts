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
  // Quire's own, absent from the official spec: the downloads every file's `downloadURL`
  // names, and the signed URL `getSpacePDF` and `getChangeRequestPDF` answer.
  exports: ["getSpacePDF", "getChangeRequestPDF", "downloadPDF", "downloadFileById", "downloadChangeRequestFileById"]
} as const

/** The 107 operations this product implements so far (the brief's 46, then change requests, content reads, change request content, change request changes and contributors, links, comments, PDF exports and file downloads). */
export const requiredOperations: ReadonlyArray<string> = Object.values(operationsByArea).flat()
