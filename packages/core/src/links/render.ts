import type { LinkTarget as IndexTarget, PageLink } from "../content/link-index/linkIndex.js"
import type { Backlink, Link, LinkLocation, LinkTargetReference } from "./Link.js"

/** A target of the index as the wire's `targetReference`, in space `space`. */
export const renderTarget = (space: string, target: IndexTarget): LinkTargetReference => {
  switch (target.kind) {
    case "url":
      return { kind: "url", url: target.url }
    case "page":
      return { kind: "page", space, page: target.page }
    case "anchor":
      return { kind: "anchor", space, page: target.page, anchor: target.anchor }
    case "file":
      return { kind: "file", space, file: target.file }
  }
}

export const renderLocation = (space: string, page: string): LinkLocation => ({ kind: "page", space, page })

/** A link of space `space`, found in `pages`. */
export const renderLink = (space: string, link: PageLink, pages: ReadonlyArray<string>): Link => ({
  status: link.status,
  targetReference: renderTarget(space, link.target),
  locationReferences: pages.map((page) => renderLocation(space, page))
})

export interface BacklinkContext {
  readonly organization: string
  readonly space: string
  readonly revision: string
  readonly file: string
}

export const renderBacklink = (context: BacklinkContext, page: string): Backlink => ({
  kind: "file",
  organization: context.organization,
  space: context.space,
  versionContext: { type: "revision", revision: context.revision },
  file: context.file,
  page
})
