import { HttpApi, OpenApi } from "@effect/platform"
import { InternalServerError, InvalidInputError, NotFoundError } from "./errors.js"
import { ChangeRequestContentGroup } from "./groups/ChangeRequestContentGroup.js"
import { ChangeRequestsGroup } from "./groups/ChangeRequestsGroup.js"
import { CollectionsGroup } from "./groups/CollectionsGroup.js"
import { ContentGroup } from "./groups/ContentGroup.js"
import { ExportsGroup, SignedExportsGroup } from "./groups/ExportsGroup.js"
import { FilesGroup } from "./groups/FilesGroup.js"
import { InvitesGroup } from "./groups/InvitesGroup.js"
import { LinksGroup } from "./groups/LinksGroup.js"
import { MembersGroup } from "./groups/MembersGroup.js"
import { MetaGroup } from "./groups/MetaGroup.js"
import { OrganizationsGroup } from "./groups/OrganizationsGroup.js"
import { RevisionChangesGroup } from "./groups/RevisionChangesGroup.js"
import { SpacesGroup } from "./groups/SpacesGroup.js"
import { TeamsGroup } from "./groups/TeamsGroup.js"
import { UsersGroup } from "./groups/UsersGroup.js"
import { API_PREFIX, relativeToServer } from "./openApiDocument.js"

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
  .add(FilesGroup)
  .add(ExportsGroup)
  .add(SignedExportsGroup)
  .add(LinksGroup)
  .add(RevisionChangesGroup)
  .add(ChangeRequestContentGroup)
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
