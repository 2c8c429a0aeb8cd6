import { HttpApiBuilder } from "@effect/platform"
import { ContentLinks } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { json } from "../json.js"

export const LinksHandlers = HttpApiBuilder.group(QuireApi, "links", (handlers) =>
  Effect.gen(function* () {
    const links = yield* ContentLinks
    return handlers
      .handle("listSpaceLinks", ({ path, urlParams }) => json(links.spaceLinks(path.spaceId, urlParams)))
      .handle("listPageLinks", ({ path, urlParams }) => json(links.pageLinks(path.spaceId, path.pageId, urlParams)))
      .handle("listFileBacklinks", ({ path, urlParams }) => json(links.fileBacklinks(path.spaceId, path.fileId, urlParams)))
      .handle("listPageLinksInChangeRequest", ({ path, urlParams }) =>
        json(links.changeRequestPageLinks(path.spaceId, path.changeRequestId, path.pageId, urlParams))
      )
      .handle("listFileBacklinksInChangeRequest", ({ path, urlParams }) =>
        json(links.changeRequestFileBacklinks(path.spaceId, path.changeRequestId, path.fileId, urlParams))
      )
  })
)
