import type { RevisionType } from "../../../storage/content/RevisionRecord.js"

/** The official `RevisionPageLayoutOptions` (every field required). */
export interface RevisionPageLayoutOptions {
  readonly width: "default" | "wide"
  readonly cover: boolean
  readonly coverSize: "hero" | "full" | "background"
  readonly coverMask: "none" | "radial"
  readonly title: boolean
  readonly description: boolean
  readonly tableOfContents: boolean
  readonly outline: boolean
  readonly pagination: boolean
  readonly metadata: boolean
  readonly tags: boolean
  readonly actions: boolean
  readonly anchors: boolean
}

interface RevisionPageBase {
  readonly id: string
  readonly title: string
  readonly emoji?: string
  readonly icon?: string
  readonly createdAt?: string
  readonly updatedAt?: string
  readonly condition?: string
}

/** The official `RevisionPageDocument` (`markdown` only when asked for). */
export interface RevisionPageDocument extends RevisionPageBase {
  readonly kind: "sheet"
  readonly type: "document"
  readonly urls: { readonly app: string }
  readonly slug: string
  readonly path: string
  readonly description?: string
  readonly pages: ReadonlyArray<RevisionPageChild>
  readonly layout: RevisionPageLayoutOptions
  readonly cover?: unknown
  readonly hidden?: boolean
  readonly noIndex?: boolean
  readonly noRobotsIndex?: boolean
  readonly tags: ReadonlyArray<never>
  readonly documentId?: string
  readonly markdown?: string
}

/** The official `RevisionPageGroup`. */
export interface RevisionPageGroup extends RevisionPageBase {
  readonly kind: "group"
  readonly type: "group"
  readonly slug: string
  readonly path: string
  readonly hidden?: boolean
  readonly noIndex?: boolean
  readonly noRobotsIndex?: boolean
  readonly pages: ReadonlyArray<RevisionPageChild>
}

/** The official `RevisionPageLink`. */
export interface RevisionPageLink extends RevisionPageBase {
  readonly kind: "link"
  readonly type: "link"
  readonly target: unknown
  readonly href?: string
  readonly hidden?: boolean
}

/** The official `RevisionPageComputed`. */
export interface RevisionPageComputed extends RevisionPageBase {
  readonly type: "computed"
  readonly computed: unknown
}

/** What a page's `pages` may hold (the spec puts no group below a page). */
export type RevisionPageChild = RevisionPageDocument | RevisionPageLink | RevisionPageComputed
export type RevisionPage = RevisionPageDocument | RevisionPageGroup | RevisionPageLink | RevisionPageComputed

/** The official `RevisionFile`. */
export interface RevisionFile {
  readonly id: string
  readonly name: string
  readonly contentType: string
  readonly downloadURL: string
  readonly size: number
  readonly dimensions?: { readonly width: number; readonly height: number }
}

/** The official `RevisionReusableContent`. */
export interface RevisionReusableContent {
  readonly id: string
  readonly title: string
  readonly document?: string
}

/** The official `Revision` (its five variants share this shape; a merge adds `mergedFrom`). */
export interface Revision {
  readonly object: "revision"
  readonly id: string
  readonly parents: ReadonlyArray<string>
  readonly type: RevisionType
  readonly pages: ReadonlyArray<RevisionPage>
  readonly files: ReadonlyArray<RevisionFile>
  readonly reusableContents: ReadonlyArray<RevisionReusableContent>
  readonly tags: ReadonlyArray<never>
  readonly createdAt: string
  readonly urls: { readonly app: string }
  /** Required by the spec on `merge` revisions: the change request it came from (the caller's to give). */
  readonly mergedFrom?: unknown
  /** Required by the spec on `computed` revisions. */
  readonly sourceRevision?: string
}
