import type { OrganizationId, OrganizationRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const organizationsTable = table<OrganizationId, OrganizationRecord>("organizations")
