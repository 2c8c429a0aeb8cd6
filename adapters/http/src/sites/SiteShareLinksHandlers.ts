import { HttpApiBuilder } from "@effect/platform"
import { SiteShareLinks } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent } from "../shared/responses.js"
import { SiteShareLinksGroup } from "./SiteShareLinksGroup.js"

export const SiteShareLinksHandlers = HttpApiBuilder.group(apiOf(SiteShareLinksGroup), "siteShareLinks", (handlers) =>
  Effect.map(SiteShareLinks, (links) =>
    handlers
      .handle("listSiteShareLinks", ({ path, urlParams: { page, limit, search } }) =>
        json(links.list(path.organizationId, path.siteId, { search }, { page, limit }))
      )
      .handle("createSiteShareLink", ({ path, payload }) => links.create(path.organizationId, path.siteId, payload))
      .handle("updateSiteShareLinkById", ({ path, payload }) => json(links.update(path.organizationId, path.siteId, path.shareLinkId, payload)))
      .handle("deleteSiteShareLinkById", ({ path }) =>
        Effect.map(links.remove(path.organizationId, path.siteId, path.shareLinkId), deletedOrAbsent)
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const SiteShareLinksHttp = isolated(SiteShareLinksHandlers, [Authentication, SiteShareLinks])
