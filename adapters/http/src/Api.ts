import { HttpApi, OpenApi } from "@effect/platform"
import { InternalServerError, InvalidInputError, NotFoundError } from "./errors.js"
import { ChangeRequestsGroup } from "./groups/ChangeRequestsGroup.js"
import { CollectionsGroup } from "./groups/CollectionsGroup.js"
import { ContentGroup } from "./content/ContentGroup.js"
import { InvitesGroup } from "./groups/InvitesGroup.js"
import { LinksGroup } from "./links/LinksGroup.js"
import { MembersGroup } from "./groups/MembersGroup.js"
import { MetaGroup } from "./groups/MetaGroup.js"
import { OrganizationsGroup } from "./groups/OrganizationsGroup.js"
import { SpacesGroup } from "./groups/SpacesGroup.js"
import { TeamsGroup } from "./groups/TeamsGroup.js"
import { UsersGroup } from "./groups/UsersGroup.js"
import { API_PREFIX, relativeToServer } from "./openApiDocument.js"
import { PdfDownloadsGroup, PdfExportsGroup } from "./pdf-export/PdfExportsGroup.js"

/**
 * The GitBook-compatible `/v1` API. Endpoint names are the official operationIds; every group
 * is top-level, so they are the document's operationIds as they are.
 */
export class QuireApi extends HttpApi.make("quire")
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
  .add(LinksGroup)
  .add(PdfExportsGroup)
  .add(PdfDownloadsGroup)
  .addError(InvalidInputError)
  .addError(NotFoundError)
  .addError(InternalServerError)
  .prefix(API_PREFIX)
  .annotateContext(
    OpenApi.annotations({
      title: "Quire",
      description: "A self-hosted, GitBook-compatible content API.",
      version: "0.1.0",
      transform: relativeToServer
    })
  ) {}
