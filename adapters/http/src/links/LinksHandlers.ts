import { HttpApiBuilder } from "@effect/platform"
import { Links } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { scopeOf } from "../content/scopes.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { LinksGroup } from "./LinksGroup.js"

export const LinksHandlers = HttpApiBuilder.group(apiOf(LinksGroup), "links", (handlers) =>
  Effect.gen(function* () {
    const links = yield* Links
    return handlers
      .handle("listSpaceLinks", ({ path, urlParams }) => json(links.links(scopeOf(path), urlParams)))
      .handle("listPageLinks", ({ path, urlParams }) => json(links.pageLinks(scopeOf(path), path.pageId, urlParams)))
      .handle("listPageLinksInChangeRequest", ({ path, urlParams }) => json(links.pageLinks(scopeOf(path), path.pageId, urlParams)))
      .handle("listFileBacklinks", ({ path, urlParams }) => json(links.fileBacklinks(scopeOf(path), path.fileId, urlParams)))
      .handle("listFileBacklinksInChangeRequest", ({ path, urlParams }) =>
        json(links.fileBacklinks(scopeOf(path), path.fileId, urlParams))
      )
  })
)

/** The group, built among only the services it uses (see `isolated`). */
export const LinksHttp = isolated(LinksHandlers, [Authentication, Links])
