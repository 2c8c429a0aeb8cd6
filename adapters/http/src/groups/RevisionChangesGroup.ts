import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { RevisionSemanticChangesSchema } from "@quire/core"
import { Schema } from "effect"
import { Authentication } from "../Authentication.js"
import { BooleanParam, Limit, revisionId, spaceId } from "../params.js"
import { withCommonErrors } from "../shared/endpoints.js"

/** What one of a space's revisions changed (`getRevisionSemanticChanges`). */
export class RevisionChangesGroup extends withCommonErrors(HttpApiGroup.make("revisionChanges", { topLevel: true })
  .add(
    HttpApiEndpoint.get("getRevisionSemanticChanges")`/spaces/${spaceId}/revisions/${revisionId}/changes`
      .setUrlParams(
        Schema.Struct({
          // Accepted and ignored, as by every content read: Quire has no git metadata and no computed content.
          metadata: Schema.optional(BooleanParam("metadata")),
          computed: Schema.optional(BooleanParam("computed")),
          limit: Schema.optional(Limit.annotations({ default: 10 }))
        })
      )
      .addSuccess(RevisionSemanticChangesSchema)
      .annotate(OpenApi.Summary, "Get semantic content changes introduced by a revision")
      .annotate(
        OpenApi.Description,
        "The semantic changes the revision made against its first parent (for a merge, the space's revision " +
          "before it; a revision without parents, against no content). At most `limit` (1 to 1000, default 10); " +
          "`more` counts the changes left out, and `mergedFrom` names the change request whose merge made it."
      )
  )
)
  .middleware(Authentication) {}
