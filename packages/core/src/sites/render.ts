import type { Space } from "../spaces/Space.js"
import type { Urls } from "../shared/Urls.js"
import type { ShareLinkRecord } from "../storage/sites/ShareLinkRecord.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import type { SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from "../storage/sites/SiteStructureRecords.js"
import type { ShareLink, Site, SitePermissions, SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from "./Site.js"
import { defaultSectionOf, defaultSiteSpaceOf, itemsUnder, siteSpacesIn, type Structure } from "./structure/Structure.js"

/** Where a site's addresses come from: the public base URL, the organization's hostname, a share key. */
export interface SiteAddress {
  readonly urls: Urls["Type"]
  /** The organization's custom hostname, if it has one. */
  readonly hostname: string | null
  /** A share key the caller read the site with: published URLs carry it. */
  readonly shareKey?: string | undefined
}

/**
 * The site's own address. With the organization's hostname (a subdomain, as GitBook's
 * `<hostname>.gitbook.io`), `<hostname>.<PUBLIC_URL's host>/<basename>`; without one,
 * `<PUBLIC_URL>/sites/<organization>/<basename>`.
 */
export const siteUrl = (address: SiteAddress, site: SiteRecord): string => {
  if (address.hostname === null) return address.urls.app(`/sites/${site.organizationId}/${site.basename}`)
  const base = new URL(address.urls.base)
  return `${base.protocol}//${address.hostname}.${base.host}${base.pathname.replace(/\/+$/, "")}/${site.basename}`
}

/** Where readers open the site: its proxy's origin when it has one, else its own address. */
export const readerUrl = (address: SiteAddress, site: SiteRecord): string =>
  site.proxy === null ? siteUrl(address, site) : `https://${site.proxy}`

const join = (base: string, path: string | undefined) => (path === undefined ? base : `${base}/${path}`)
const withKey = (address: SiteAddress, url: string) =>
  address.shareKey === undefined ? url : `${url}?share=${encodeURIComponent(address.shareKey)}`

export const renderSite = (address: SiteAddress, site: SiteRecord, permissions: SitePermissions, siteSpaces: number): Site => {
  const own = siteUrl(address, site)
  const app = address.urls.app(`/o/${site.organizationId}/sites/${site.id}`)
  return {
    object: "site",
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    basename: site.basename,
    proxy: site.proxy === null ? undefined : { origin: site.proxy, target: own },
    visibility: site.visibility,
    defaultLevel: site.defaultLevel,
    permissions,
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    features: [],
    urls: {
      location: address.urls.api(`/orgs/${site.organizationId}/sites/${site.id}`),
      app,
      preview: `${app}/preview`,
      published: site.published ? withKey(address, readerUrl(address, site)) : undefined
    }
  }
}

export const renderShareLink = (address: SiteAddress, site: SiteRecord, link: ShareLinkRecord): ShareLink => ({
  object: "share-link",
  id: link.id,
  createdAt: link.createdAt,
  name: link.name === "" ? undefined : link.name,
  active: link.active,
  urls: { published: link.active ? withKey({ ...address, shareKey: link.key }, readerUrl(address, site)) : undefined }
})

/** What rendering a structure needs besides the rows: each space as the reader sees it, and what the reader is shown. */
export interface StructureView {
  readonly address: SiteAddress
  readonly site: SiteRecord
  readonly structure: Structure
  /** The site's spaces, rendered for the reader; a site space whose space is absent here is not shown. */
  readonly spaces: ReadonlyMap<string, Space>
  /** Whether a section or site space is shown (its condition, for a visitor). */
  readonly shown: (item: SiteSectionRecord | SiteSpaceRecord) => boolean
}

const siteSpaceShown = (view: StructureView) => (x: SiteSpaceRecord) => view.spaces.has(x.spaceId) && view.shown(x)

const sectionBase = (view: StructureView, section: SiteSectionRecord | null): string | undefined => {
  if (!view.site.published) return undefined
  const site = readerUrl(view.address, view.site)
  return section === null || defaultSectionOf(view.structure)?.id === section.id ? site : join(site, section.path)
}

export const renderSiteSpace = (view: StructureView, siteSpace: SiteSpaceRecord): SiteSpace => {
  const space = view.spaces.get(siteSpace.spaceId)!
  const section = siteSpace.sectionId === null ? null : (view.structure.sections.find((x) => x.id === siteSpace.sectionId) ?? null)
  const isDefault = defaultSiteSpaceOf(view.structure, siteSpace.sectionId, siteSpaceShown(view))?.id === siteSpace.id
  const base = sectionBase(view, section)
  return {
    object: "site-space",
    id: siteSpace.id,
    path: siteSpace.path,
    section: siteSpace.sectionId ?? undefined,
    space,
    title: space.title,
    default: isDefault,
    condition: siteSpace.condition ?? undefined,
    draft: false,
    hidden: false,
    urls: { published: base === undefined ? undefined : withKey(view.address, isDefault ? base : join(base, siteSpace.path)) }
  }
}

/** The site spaces of a section (null: the root) the reader is shown, in order. */
export const shownSiteSpaces = (view: StructureView, sectionId: SiteSectionRecord["id"] | null) =>
  siteSpacesIn(view.structure, sectionId).filter(siteSpaceShown(view))

export const renderSection = (view: StructureView, section: SiteSectionRecord): SiteSection => {
  const base = sectionBase(view, section)
  return {
    object: "site-section",
    id: section.id,
    title: section.title,
    description: section.description ?? undefined,
    default: defaultSectionOf(view.structure)?.id === section.id,
    draft: false,
    path: section.path,
    condition: section.condition ?? undefined,
    sectionGroup: section.groupId ?? undefined,
    siteSpaces: shownSiteSpaces(view, section.id).map((x) => renderSiteSpace(view, x)),
    urls: { published: base === undefined ? undefined : withKey(view.address, base) },
    icon: section.icon ?? undefined
  }
}

/** A section is shown when the reader is shown it and one of its site spaces. */
export const sectionShown = (view: StructureView) => (section: SiteSectionRecord) =>
  view.shown(section) && shownSiteSpaces(view, section.id).length > 0

const renderItems = (view: StructureView, parent: SiteSectionGroupRecord["id"] | null): Array<SiteSection | SiteSectionGroup> =>
  itemsUnder(view.structure, parent).flatMap((item): Array<SiteSection | SiteSectionGroup> => {
    if (item.kind === "site-section") return sectionShown(view)(item.record) ? [renderSection(view, item.record)] : []
    return [renderGroup(view, item.record)]
  })

export const renderGroup = (view: StructureView, group: SiteSectionGroupRecord): SiteSectionGroup => {
  const children = renderItems(view, group.id)
  return {
    object: "site-section-group",
    id: group.id,
    title: group.title,
    sections: children.filter((x): x is SiteSection => x.object === "site-section"),
    sectionGroup: group.parentId ?? undefined,
    draft: false,
    children,
    icon: group.icon ?? undefined
  }
}

/** The navigation: sections and groups when the site has sections, else its root site spaces. */
export const renderStructure = (view: StructureView): SiteStructure =>
  view.structure.sections.length > 0
    ? { type: "sections", structure: renderItems(view, null) }
    : { type: "siteSpaces", structure: shownSiteSpaces(view, null).map((x) => renderSiteSpace(view, x)) }
