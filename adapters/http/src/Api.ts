import { HttpApi, OpenApi } from "@effect/platform"
import { ChangeRequestsGroup } from "./change-requests/ChangeRequestsGroup.js"
import { CollectionsGroup } from "./collections/CollectionsGroup.js"
import { CommentsGroup } from "./comments/CommentsGroup.js"
import { ContentImportsGroup } from "./import/ContentImportsGroup.js"
import { GitSyncGroup } from "./git-sync/GitSyncGroup.js"
import { ContentGroup } from "./content/ContentGroup.js"
import { InvitesGroup } from "./invites/InvitesGroup.js"
import { LinksGroup } from "./links/LinksGroup.js"
import { MembersGroup } from "./members/MembersGroup.js"
import { MetaGroup } from "./meta/MetaGroup.js"
import { relativeToServer } from "./openApiDocument.js"
import { OrganizationsGroup } from "./organizations/OrganizationsGroup.js"
import { PdfDownloadsGroup, PdfExportsGroup } from "./pdf-export/PdfExportsGroup.js"
import { SearchGroup } from "./search/SearchGroup.js"
import { API_ID, asQuireApi } from "./shared/apiOf.js"
import { SiteShareLinksGroup } from "./sites/SiteShareLinksGroup.js"
import { SitesGroup } from "./sites/SitesGroup.js"
import { SiteStructureGroup } from "./sites/SiteStructureGroup.js"
import { SpacesGroup } from "./spaces/SpacesGroup.js"
import { SamlServiceProviderGroup, SsoGroup } from "./sso/SsoGroup.js"
import { TeamsGroup } from "./teams/TeamsGroup.js"
import { UsersGroup } from "./users/UsersGroup.js"
import { TranslationsGroup } from "./translations/TranslationsGroup.js"
import { CustomFieldsGroup } from "./custom-fields/CustomFieldsGroup.js"
import { OpenApiSpecsGroup } from "./openapi/OpenApiSpecsGroup.js"
import { IntegrationsGroup } from "./integrations/IntegrationsGroup.js"

/**
 * The GitBook-compatible `/v1` API. Endpoint names are the official operationIds; every group
 * is top-level, so they are the document's operationIds as they are.
 */
export class QuireApi extends asQuireApi(HttpApi.make(API_ID)
  .add(MetaGroup)
  .add(UsersGroup)
  .add(OrganizationsGroup)
  .add(InvitesGroup)
  .add(MembersGroup)
  .add(TeamsGroup)
  .add(CollectionsGroup)
  .add(SpacesGroup)
  .add(ChangeRequestsGroup)
  .add(ContentGroup)
  .add(ContentImportsGroup)
  .add(GitSyncGroup)
  .add(LinksGroup)
  .add(CommentsGroup)
  .add(PdfExportsGroup)
  .add(PdfDownloadsGroup)
  .add(SitesGroup)
  .add(SiteStructureGroup)
  .add(SiteShareLinksGroup)
  .add(SearchGroup)
  .add(SsoGroup)
  .add(SamlServiceProviderGroup)
  .add(TranslationsGroup)
  .add(CustomFieldsGroup)
  .add(OpenApiSpecsGroup)
  .add(IntegrationsGroup))
  .annotateContext(
    OpenApi.annotations({
      title: "Quire",
      description: "A self-hosted, GitBook-compatible content API.",
      version: "0.1.0",
      transform: relativeToServer
    })
  ) {}
