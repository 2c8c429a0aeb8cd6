import { Effect, Option } from "effect"
import { parseDocument } from "../content/markdown/parseDocument.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import { contentUrls } from "../content/tree/render/ContentUrls.js"
import { renderPageById, renderRevision } from "../content/tree/render/renderRevision.js"
import { revisionReads } from "../content-scope/revisionReads.js"
import type { RevisionPage, RevisionPageDocument } from "../content/tree/render/wire.js"
import { unrestricted } from "../policy/Authorized.js"
import { searchWindow } from "../search/inputs.js"
import type { SearchSpaceResult } from "../search/SearchResult.js"
import { makeSpacesSearch, type SearchPage } from "../search/spacesSearch.js"
import { NotFound } from "../shared/errors.js"
import type { OrganizationId, SpaceId } from "../shared/ids.js"
import { Urls } from "../shared/Urls.js"
import { readerUrl } from "../sites/render.js"
import { admitVisitor, shownTo, type VisitorCredentials } from "../sites/visitorAccess.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import { SiteRepository } from "../storage/sites/SiteRepository.js"
import type { Structure } from "../sites/structure/Structure.js"
import { SpaceRepository } from "../storage/spaces/SpaceRepository.js"
import { type ReaderSite, type ReaderSiteSpace, type SiteLocation, siteSpacesOf } from "./ReaderSite.js"
import { firstDocument } from "./firstDocument.js"
import { type ShownSpace, visibleSections } from "./visibleSections.js"

/** A document page of a site space, with its markdown. */
export interface ReaderPage {
  readonly page: RevisionPageDocument
  /** The page as markdown, its title heading first (what `<page>.md` serves). */
  readonly markdown: string
  /** The page's body in markdown, without its title heading. */
  readonly body: string
}

const bodyOf = (markdown: string): string => {
  try {
    return parseDocument(markdown).body
  } catch {
    return markdown
  }
}

const WHY =
  "a published site is read by its audience: its visibility, a share key or a visitor token decides (`open`), not a membership"

/**
 * Published sites as their visitors read them, without an API token: `open` admits a visitor
 * as the site's visibility says (as `getPublishedContentSite` does for a visitor) and answers
 * what they are shown; the other reads take what `open` answered, so they read only spaces
 * the visitor was shown, at their current revision.
 */
export class SiteReader extends Effect.Service<SiteReader>()("@quire/core/SiteReader", {
  effect: Effect.gen(function* () {
    const sites = yield* SiteRepository
    const organizations = yield* OrganizationRepository
    const spaces = yield* SpaceRepository
    const engine = yield* ContentEngine
    const urls = yield* Urls
    const { inSpaces } = yield* makeSpacesSearch

    const findSite = (location: SiteLocation) =>
      Effect.gen(function* () {
        const organization =
          "hostname" in location
            ? yield* organizations.findByHostname(location.hostname)
            : yield* organizations.findById(location.organizationId as OrganizationId)
        if (Option.isNone(organization)) return Option.none()
        const site = yield* sites.findByBasename(organization.value.id, location.basename)
        return Option.map(site, (record) => ({ organization: organization.value, site: record }))
      })

    /** The live spaces of the site's organization that its structure names. */
    const liveSpaces = (site: SiteRecord, structure: Structure) =>
      Effect.gen(function* () {
        const found = new Map<string, ShownSpace>()
        for (const id of new Set(structure.siteSpaces.map((x) => x.spaceId))) {
          const space = yield* spaces.findById(id)
          if (Option.isSome(space) && space.value.deletedAt === null && space.value.organizationId === site.organizationId) {
            found.set(id, { id: space.value.id, title: space.value.title, revisionId: space.value.revisionId })
          }
        }
        return found
      })

    /**
     * The site at `location` as this visitor is shown it. A site that is not there, not
     * published, or whose visibility does not admit them is `NotFound`; a `visitor-auth` site
     * without a valid visitor token is `Unauthorized`.
     */
    const open = (location: SiteLocation, credentials: VisitorCredentials = {}) =>
      unrestricted(
        WHY,
        Effect.gen(function* () {
          const found = yield* findSite(location)
          if (Option.isNone(found)) return yield* Effect.fail(NotFound.of("Site", location.basename))
          const { organization, site } = found.value
          const claims = yield* admitVisitor(sites, site, credentials)
          const rows = yield* sites.structure(site.id)
          const structure: Structure = { ...rows, siteId: site.id, defaultSectionId: site.defaultSectionId, defaultSiteSpaceId: site.defaultSiteSpaceId }
          const live = yield* liveSpaces(site, structure)
          const sections = visibleSections(structure, site.title, live, shownTo(claims))
          const shownSpaces = sections.flatMap((s) => s.siteSpaces.map((x) => `${x.id}:${x.revisionId}:${x.title}`))
          return {
            site,
            url: readerUrl({ urls, hostname: organization.hostname }, site),
            sections,
            version: [site.id, site.updatedAt, site.visibility, ...sections.map((s) => s.id ?? ""), ...shownSpaces].join("|")
          } satisfies ReaderSite
        })
      )

    const treeOf = (siteSpace: ReaderSiteSpace) => Effect.orDie(engine.tree(siteSpace.revisionId))
    const urlsOf = (spaceId: SpaceId) => contentUrls(urls, spaceId)

    /** A site space's page tree (no markdown), as `listPages` answers it; kept once rendered per revision. */
    const pages = (siteSpace: ReaderSiteSpace): Effect.Effect<ReadonlyArray<RevisionPage>> =>
      engine.renders.through(
        `reader-pages\u0000${siteSpace.spaceId}\u0000${siteSpace.revisionId}`,
        Effect.flatMap(treeOf(siteSpace), (tree) =>
          Effect.map(renderRevision(tree, { urls: urlsOf(siteSpace.spaceId), markdown: false }), (r) => r.pages)
        )
      )

    const documentPage = (siteSpace: ReaderSiteSpace, id: string | undefined, what: string) =>
      Effect.gen(function* () {
        if (id === undefined) return yield* Effect.fail(NotFound.of("Page", what))
        const tree = yield* treeOf(siteSpace)
        const rendered = yield* renderPageById(tree, id, { urls: urlsOf(siteSpace.spaceId), markdown: true })
        if (rendered === undefined || rendered.type !== "document") return yield* Effect.fail(NotFound.of("Page", what))
        const page = rendered as RevisionPageDocument
        const markdown = page.markdown ?? ""
        return { page, markdown, body: bodyOf(markdown) } satisfies ReaderPage
      })

    /**
     * The document page at `path` in a site space: `""` and a group show their first document
     * page, depth first (`firstDocument`); a link or nothing there is `NotFound`.
     */
    const page = (siteSpace: ReaderSiteSpace, path: string) =>
      unrestricted(
        WHY,
        engine.renders.through(
          `reader-page\u0000${siteSpace.spaceId}\u0000${siteSpace.revisionId}\u0000${path}`,
          Effect.gen(function* () {
            const tree = yield* treeOf(siteSpace)
            const found = path === "" ? undefined : yield* tree.pageByPath(path)
            if (path !== "" && found?.type !== "group") return yield* documentPage(siteSpace, found?.id, path)
            const shown = firstDocument(yield* pages(siteSpace), found?.id)
            return yield* documentPage(siteSpace, shown?.id, path)
          })
        )
      )

    /** A document page of a site space by its id. */
    const pageById = (siteSpace: ReaderSiteSpace, id: string) => unrestricted(WHY, documentPage(siteSpace, id, id))

    /**
     * Searches every site space the visitor is shown (as `searchOrganizationContent` answers, a
     * group per space; several site spaces of one space share it). `query` as the API takes it.
     */
    const search = (site: ReaderSite, input: { readonly query: string; readonly limit?: number | undefined; readonly page?: string | undefined }) =>
      unrestricted(
        WHY,
        Effect.gen(function* () {
          const window = yield* searchWindow(input)
          // The spaces as `open` read them: the revisions the visitor was shown.
          const shown = new Map(siteSpacesOf(site).map((x) => [x.spaceId, { id: x.spaceId, revisionId: x.revisionId, title: x.title }]))
          return (yield* inSpaces([...shown.values()], window)) as SearchPage<SearchSpaceResult>
        })
      )

    /** A file of a site space's current content, with its bytes; one it does not hold is `NotFound`. */
    const file = (siteSpace: ReaderSiteSpace, fileId: string) =>
      unrestricted(WHY, revisionReads(engine, urlsOf(siteSpace.spaceId), siteSpace.revisionId).fileBytes(fileId))

    return { open, pages, page, pageById, search, file }
  }),
  dependencies: [ContentEngine.Default]
}) {}
