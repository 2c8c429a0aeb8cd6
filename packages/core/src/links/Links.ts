import { Effect } from "effect"
import { inAppUrl, type LinkIndex, linkStats, type PageLink } from "../content/link-index/linkIndex.js"
import { makeLinkIndexes } from "../content/link-index/linkIndexes.js"
import { ContentEngine } from "../content/tree/ContentEngine.js"
import type { ContentScope } from "../content-scope/ContentScope.js"
import { makeScopeResolver } from "../content-scope/resolveScope.js"
import { Access } from "../policy/Access.js"
import { authorized } from "../policy/Authorized.js"
import { NotFound } from "../shared/errors.js"
import { type OffsetWindow, offsetPage, offsetWindow, type PageRequest } from "../shared/pagination.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { BacklinkList, LinkList } from "./Link.js"
import { LinkListQuery } from "./Link.js"
import { renderBacklink, renderLink } from "./render.js"
import { extended } from "../shared/extended.js"

/** A link list's query: `status` (every status when absent), `page` and `limit`. */
export interface LinkListOptions extends PageRequest {
  readonly status?: LinkListQuery["status"] | undefined
}

/** How many revisions' link indexes a server keeps (see `makeLinkIndexes`). */
export const LINK_INDEX_REVISIONS = 32

/**
 * The links of a space's content: every reference its pages' documents make to a page, a
 * file or a URL, with whether the revision holds its target, and the pages that use each
 * file, in a content scope (see `ContentScope`). Reads need `view` on the scope's space.
 * Indexes are computed once per revision (revisions never change) and kept in a bounded LRU.
 */
export class Links extends Effect.Service<Links>()("@quire/core/Links", {
  effect: Effect.gen(function* () {
    const engine = yield* ContentEngine
    const urls = yield* Urls
    const indexes = makeLinkIndexes({ isInApp: inAppUrl(urls.base), revisions: LINK_INDEX_REVISIONS })
    const indexOf = (revision: string) => indexes.indexOf(revision, engine.tree)

    const { resolve } = yield* makeScopeResolver

    /** The scope's space and revision, and a change request's merge base, against which `stats.broken.changeRequest` counts. */
    const scopeOf = (scope: ContentScope) =>
      Effect.map(resolve(scope), (resolved) => ({
        space: resolved.space.record,
        revision: resolved.revisionId,
        base:
          resolved.changeRequest === undefined
            ? undefined
            : (resolved.changeRequest.revisionMergedAncestor ?? resolved.changeRequest.revisionInitial)
      }))

    /** Input first: `status`, then `limit` and `page`, each named when wrong. */
    const checkQuery = (options: LinkListOptions) => Effect.zipRight(validate(LinkListQuery)(options), offsetWindow(options))

    const pageLinksOf = (index: LinkIndex, pageId: string) => {
      const links = index.pages.get(pageId)
      return links === undefined ? Effect.fail(NotFound.of("Page", pageId)) : Effect.succeed(links)
    }

    /** One page of `links` (those of `options.status`), with the stats of them all. */
    const listOf = <L extends PageLink>(
      links: ReadonlyArray<L>,
      options: LinkListOptions,
      window: OffsetWindow,
      render: (link: L) => LinkList["items"][number],
      base: ReadonlyArray<PageLink> | undefined
    ) =>
      Effect.map(
        offsetPage(options.status === undefined ? links : links.filter((link) => link.status === options.status), window),
        (page): LinkList => extended(page, { items: page.items.map(render), stats: linkStats(links, base) })
      )

    const pageLinks = (scope: ContentScope, pageId: string, options: LinkListOptions) =>
      Effect.gen(function* () {
        const window = yield* checkQuery(options)
        const { space, revision, base } = yield* scopeOf(scope)
        const links = yield* pageLinksOf(yield* indexOf(revision), pageId)
        const before = base === undefined ? undefined : ((yield* indexOf(base)).pages.get(pageId) ?? [])
        return yield* listOf(links, options, window, (link) => renderLink(space.id, link, [pageId]), before)
      })

    const backlinks = (scope: ContentScope, fileId: string, options: PageRequest) =>
      Effect.gen(function* () {
        const window = yield* offsetWindow(options)
        const { space, revision } = yield* scopeOf(scope)
        const pages = (yield* indexOf(revision)).files.get(fileId)
        if (pages === undefined) return yield* Effect.fail(NotFound.of("File", fileId))
        const context = { organization: space.organizationId, space: space.id, revision, file: fileId }
        const page = yield* offsetPage(pages, window)
        return extended(page, { items: page.items.map((p) => renderBacklink(context, p)) }) satisfies BacklinkList
      })

    return {
      /**
       * Every distinct link of the scope's content, in the order it first appears, each with
       * the pages it appears in. `stats.broken.changeRequest` is 0: a whole content has no merge
       * base to compare with.
       */
      links: (scope: ContentScope, options: LinkListOptions = {}) =>
        authorized(
          Effect.gen(function* () {
            const window = yield* checkQuery(options)
            const { space, revision } = yield* scopeOf(scope)
            const index = yield* indexOf(revision)
            return yield* listOf(index.links, options, window, (link) => renderLink(space.id, link, link.pages), undefined)
          })
        ),
      /**
       * The links of one page of the scope's content; an unknown page is `NotFound`. In a change
       * request, `stats.broken.changeRequest` counts its broken links that are not broken in the
       * change request's merge base.
       */
      pageLinks: (scope: ContentScope, pageId: string, options: LinkListOptions = {}) =>
        authorized(pageLinks(scope, pageId, options)),
      /** The pages of the scope's content that use a file, one backlink each; an unknown file is `NotFound`. */
      fileBacklinks: (scope: ContentScope, fileId: string, options: PageRequest = {}) =>
        authorized(backlinks(scope, fileId, options))
    } as const
  }),
  dependencies: [Access.Default, ContentEngine.Default]
}) {}
