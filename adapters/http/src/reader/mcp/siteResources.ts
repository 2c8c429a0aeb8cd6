import type { Resource, TextResourceContents } from "@modelcontextprotocol/sdk/types.js"
import { NotFound } from "@quire/core"
import { Effect } from "effect"
import { markdownHref } from "../siteTexts.js"
import { everySiteSpace, listedPages, type OpenedSite, readByPath, siteSpaceRoot } from "./sitePages.js"

const MARKDOWN = "text/markdown"

/** Every listed page (as `llms.txt` lists them) as a resource: its markdown's URL on the site, `<page URL>.md`. */
export const listResources = (opened: OpenedSite): Effect.Effect<ReadonlyArray<Resource>> =>
  Effect.map(everySiteSpace(opened), (groups) =>
    groups.flatMap((group) =>
      group.pages.filter(listedPages).map(
        (page): Resource => ({
          uri: markdownHref(page, siteSpaceRoot(opened, group.siteSpace)),
          name: page.title,
          mimeType: MARKDOWN,
          ...(page.description === undefined || page.description === "" ? {} : { description: page.description })
        })
      )
    )
  )

/**
 * The resource at `uri`: a page's markdown, read as the reader serves `<page URL>.md`. A URI
 * that is not a markdown URL of this site, or names no page the visitor may read, is `NotFound`.
 */
export const readResource = (opened: OpenedSite, uri: string): Effect.Effect<TextResourceContents, NotFound> =>
  /^https?:\/\//i.test(uri) && uri.endsWith(".md")
    ? Effect.map(readByPath(opened, uri), (text) => ({ uri, mimeType: MARKDOWN, text }))
    : Effect.fail(NotFound.of("Resource", uri))
