import type { OrganizationPermissions } from "../policy/permissions.js"
import type { OpenApiSpecPermissions } from "./render.js"

/**
 * A spec's permissions follow from the organization's: every member views the organization's
 * specs; those the organization lets create specs (`createOpenAPISpec`: creators and admins)
 * edit them. The same rule guards each write.
 */
export const openApiSpecPermissions = (organization: OrganizationPermissions): OpenApiSpecPermissions => ({
  view: organization.view,
  edit: organization.createOpenAPISpec
})
