import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { SearchListOf, SearchPageResult, SearchSpaceResult } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { organizationId, PageParams, spaceId, UrlText } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"

/** `query` is required; its length (1 to 512 characters) is the core's rule, named in its 400. */
const SearchQueryParams = Schema.Struct({ query: UrlText, ...PageParams })

export class SearchGroup extends withCommonErrors(HttpApiGroup.make("search", { topLevel: true })
  .add(
    HttpApiEndpoint.get("searchSpaceContent")`/spaces/${spaceId}/search`
      .setUrlParams(SearchQueryParams)
      .addSuccess(SearchListOf(SearchPageResult))
      .annotate(OpenApi.Summary, "Full-text search across all pages in a space")
  )
  .add(
    HttpApiEndpoint.get("searchOrganizationContent")`/orgs/${organizationId}/search`
      .setUrlParams(SearchQueryParams)
      .addSuccess(SearchListOf(SearchSpaceResult))
      .annotate(OpenApi.Summary, "Search content in an organization")
  )
  .middleware(Authentication)) {}
