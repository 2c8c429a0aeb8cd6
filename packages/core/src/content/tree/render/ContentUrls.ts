import type { Urls } from "../../../shared/Urls.js"

/**
 * How rendered content links out: the revision's and each page's place in the app, and where
 * a file's bytes are downloaded. The HTTP layer decides these; `contentUrls` is the default.
 */
export interface ContentUrls {
  readonly revision: (revisionId: string) => string
  /** `path` is the page's path in the revision. */
  readonly page: (pageId: string, path: string) => string
  readonly file: (fileId: string, name: string) => string
  /**
   * What these URLs depend on besides the public URL (`space:<id>`, ...): part of the key under
   * which renders are kept (see `RenderCache`). Without it, renders are not kept.
   */
  readonly scope?: string
}

/** Pages under the space's app URL by path; files under the space's content API. */
export const contentUrls = (urls: Urls["Type"], spaceId: string): ContentUrls => ({
  scope: `space:${spaceId}`,
  revision: (revisionId) => urls.app(`/s/${spaceId}/~/revisions/${revisionId}`),
  page: (_pageId, path) => urls.app(`/s/${spaceId}/${path}`),
  file: (fileId, name) => urls.api(`/spaces/${spaceId}/content/files/${fileId}/${encodeURIComponent(name)}`)
})

/**
 * A change request's content: as `contentUrls`, but a file downloads from the change request,
 * which may hold files the space does not (yet).
 */
export const changeRequestContentUrls = (urls: Urls["Type"], spaceId: string, changeRequestId: string): ContentUrls => ({
  ...contentUrls(urls, spaceId),
  scope: `changeRequest:${spaceId}:${changeRequestId}`,
  file: (fileId, name) =>
    urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${fileId}/${encodeURIComponent(name)}`)
})
