import { Schema } from "effect"
import { BooleanParam, PageParams, UrlText } from "../params.js"

/** `listSites`: a page of the organization's sites, filtered by title, published state and space. */
export const SiteListQuery = Schema.Struct({
  ...PageParams,
  space: Schema.optional(UrlText),
  title: Schema.optional(UrlText),
  published: Schema.optional(BooleanParam("published"))
})

/** A reader's share key: reads of a site's structure take it (a share-link site's visitors hold one). */
const shareKey = Schema.optional(UrlText)

/** `getPublishedContentSite` and `getSiteStructure`. */
export const ShareKeyQuery = Schema.Struct({ shareKey })

/** `listSiteSections`. */
export const SiteSectionListQuery = Schema.Struct({ ...PageParams, shareKey })

/** `listSiteSpaces`: `default=true` keeps the site's default site space only, `false` every other. */
export const SiteSpaceListQuery = Schema.Struct({ ...PageParams, shareKey, default: Schema.optional(BooleanParam("default")) })

/** `listSiteShareLinks`: `search` keeps the links whose name holds it. */
export const ShareLinkListQuery = Schema.Struct({ ...PageParams, search: Schema.optional(UrlText) })

/** `listSiteSectionGroups`. */
export const SectionGroupListQuery = Schema.Struct(PageParams)

/**
 * The visitor's JWT on `getPublishedContentSite`, in a Quire header: the official spec has no
 * place for it (GitBook reads it from the visitor's cookie on the published site itself).
 */
export const VisitorTokenHeaders = Schema.Struct({ "x-quire-visitor-token": Schema.optional(UrlText) })
