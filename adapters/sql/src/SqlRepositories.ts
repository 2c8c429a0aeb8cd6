import type { SqlClient } from "@effect/sql/SqlClient"
import type { StoragePorts } from "@quire/core"
import { Layer } from "effect"
import { SqlChangeRequestRepository } from "./change-requests/SqlChangeRequestRepository.js"
import { SqlCommentRepository } from "./comments/SqlCommentRepository.js"
import { SqlCollectionRepository } from "./collections/SqlCollectionRepository.js"
import { SqlBlobStore } from "./content/SqlBlobStore.js"
import { SqlObjectStore } from "./content/SqlObjectStore.js"
import { SqlRevisionRepository } from "./content/SqlRevisionRepository.js"
import { SqlEvents } from "./events/SqlEvents.js"
import { SqlGitSyncRepository } from "./git-sync/SqlGitSyncRepository.js"
import { SqlSamlRepository } from "./saml/SqlSamlRepository.js"
import { SqlJobRepository } from "./jobs/SqlJobRepository.js"
import { SqlInviteRepository } from "./invites/SqlInviteRepository.js"
import { SqlMemberRepository } from "./members/SqlMemberRepository.js"
import { SqlOrganizationRepository } from "./organizations/SqlOrganizationRepository.js"
import { SqlSearchIndex } from "./search/SqlSearchIndex.js"
import { SqlSiteRepository } from "./sites/SqlSiteRepository.js"
import { SqlSpaceRepository } from "./spaces/SqlSpaceRepository.js"
import { SqlStorage } from "./storage/SqlStorage.js"
import { SqlTeamRepository } from "./teams/SqlTeamRepository.js"
import { SqlTokenRepository } from "./tokens/SqlTokenRepository.js"
import { SqlUserRepository } from "./users/SqlUserRepository.js"
import { SqlTranslationRepository } from "./translations/SqlTranslationRepository.js"
import { SqlCustomFieldRepository } from "./custom-fields/SqlCustomFieldRepository.js"
import { SqlOpenApiSpecRepository } from "./openapi/SqlOpenApiSpecRepository.js"
import { SqlIntegrationRepository } from "./integrations/SqlIntegrationRepository.js"

/** Every storage port. */

/**
 * Every storage port on one `SqlClient`, configured with `transformQueryNames: camelToSnake`
 * and `transformResultNames: snakeToCamel`, on a schema brought up to date by `runMigrations`.
 */
export const SqlRepositories: { readonly layer: Layer.Layer<StoragePorts, never, SqlClient> } = {
  layer: Layer.mergeAll(
    SqlStorage.layer,
    SqlUserRepository.layer,
    SqlTokenRepository.layer,
    SqlOrganizationRepository.layer,
    SqlMemberRepository.layer,
    SqlInviteRepository.layer,
    SqlTeamRepository.layer,
    SqlCollectionRepository.layer,
    SqlSpaceRepository.layer,
    SqlObjectStore.layer,
    SqlBlobStore.layer,
    SqlRevisionRepository.layer,
    SqlChangeRequestRepository.layer,
    SqlCommentRepository.layer,
    SqlSiteRepository.layer,
    SqlEvents.layer,
    SqlSearchIndex.layer,
    SqlJobRepository.layer,
    SqlGitSyncRepository.layer,
    SqlSamlRepository.layer,
    SqlTranslationRepository.layer,
    SqlCustomFieldRepository.layer,
    SqlOpenApiSpecRepository.layer,
    SqlIntegrationRepository.layer
  )
}
