import { HttpApiBuilder } from "@effect/platform"
import { CustomFields } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { withLocation } from "../shared/responses.js"
import { CustomFieldsGroup } from "./CustomFieldsGroup.js"

export const CustomFieldsHandlers = HttpApiBuilder.group(apiOf(CustomFieldsGroup), "custom-fields", (handlers) =>
  Effect.map(CustomFields, (fields) =>
    handlers
      .handle("listSpaceCustomFieldValues", ({ path }) => fields.spaceValues(path.spaceId))
      .handle("updateSpaceCustomFieldValues", ({ path, payload }) => fields.updateSpaceValues(path.spaceId, payload))
      .handle("listCustomFieldsInOrganizationById", ({ path, urlParams }) => fields.list(path.organizationId, urlParams))
      .handle("createOrganizationCustomField", ({ path, payload }) => withLocation(fields.create(path.organizationId, payload)))
      .handle("getOrganizationCustomFieldByName", ({ path }) => fields.get(path.organizationId, path.fieldName))
      .handle("updateOrganizationCustomFieldByName", ({ path, payload }) =>
        fields.update(path.organizationId, path.fieldName, payload)
      )
      .handle("deleteOrganizationCustomFieldByName", ({ path }) => fields.remove(path.organizationId, path.fieldName))
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const CustomFieldsHttp = isolated(CustomFieldsHandlers, [Authentication, CustomFields])
