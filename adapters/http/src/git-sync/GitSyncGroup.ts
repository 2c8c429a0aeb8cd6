import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ExportToGitRepositoryInput, GitSyncState, ImportGitRepositoryInput } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { spaceId } from "../params.js"
import { NoContent, takesJsonBody, withCommonErrors } from "../shared/endpoints.js"

/** Git sync of a space (the official `space-git` operations): import and export run as jobs, info reads their state. */
export class GitSyncGroup extends withCommonErrors(
  HttpApiGroup.make("gitSync", { topLevel: true })
    .add(
      HttpApiEndpoint.post("importGitRepository")`/spaces/${spaceId}/git/import`
        .setPayload(ImportGitRepositoryInput)
        .addSuccess(NoContent)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Pull content into a space from a connected Git repository")
    )
    .add(
      HttpApiEndpoint.post("exportToGitRepository")`/spaces/${spaceId}/git/export`
        .setPayload(ExportToGitRepositoryInput)
        .addSuccess(NoContent)
        .pipe(takesJsonBody)
        .annotate(OpenApi.Summary, "Push space content to a connected Git repository")
    )
    .add(
      HttpApiEndpoint.get("getSpaceGitInfo")`/spaces/${spaceId}/git/info`
        .addSuccess(GitSyncState)
        .annotate(OpenApi.Summary, "Get the Git Sync configuration and status for a space")
    )
).middleware(Authentication) {}
