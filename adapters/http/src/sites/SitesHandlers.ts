import { HttpApiBuilder } from "@effect/platform"
import { PublishedSites, Sites } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent, withLocation } from "../shared/responses.js"
import { SitesGroup } from "./SitesGroup.js"

export const SitesHandlers = HttpApiBuilder.group(apiOf(SitesGroup), "sites", (handlers) =>
  Effect.zipWith(Sites, PublishedSites, (sites, published) =>
    handlers
      .handle("listSites", ({ path, urlParams: { page, limit, ...filters } }) =>
        json(sites.list(path.organizationId, filters, { page, limit }))
      )
      .handle("createSite", ({ path, payload }) => withLocation(sites.create(path.organizationId, payload)))
      .handle("getSiteById", ({ path }) => json(sites.get(path.organizationId, path.siteId)))
      .handle("updateSiteById", ({ path, payload }) => json(sites.update(path.organizationId, path.siteId, payload)))
      // The service deletes or fails (a site it does not find is 404): the answer is 205.
      .handle("deleteSiteById", ({ path }) => Effect.map(sites.remove(path.organizationId, path.siteId), deletedOrAbsent))
      .handle("getSiteAdaptiveSchema", ({ path }) => json(sites.getAdaptiveSchema(path.organizationId, path.siteId)))
      .handle("updateSiteAdaptiveSchema", ({ path, payload }) => json(sites.updateAdaptiveSchema(path.organizationId, path.siteId, payload)))
      .handle("getPublishedContentSite", ({ headers, path, urlParams }) =>
        json(
          published.read(path.organizationId, path.siteId, {
            shareKey: urlParams.shareKey,
            visitorToken: headers["x-quire-visitor-token"]
          })
        )
      )
      .handle("publishSite", ({ path }) => json(sites.publish(path.organizationId, path.siteId)))
      .handle("unpublishSite", ({ path }) => json(sites.unpublish(path.organizationId, path.siteId)))
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const SitesHttp = isolated(SitesHandlers, [Authentication, Sites, PublishedSites])
