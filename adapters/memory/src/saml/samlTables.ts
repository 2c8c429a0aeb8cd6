import type { SamlProviderId, SamlProviderRecord, SamlRequestRecord, SsoHandoffRecord } from "@quire/core"
import { table } from "../shared/Table.js"

export const samlProvidersTable = table<SamlProviderId, SamlProviderRecord>("samlProviders")
/** Keyed by request id. */
export const samlRequestsTable = table<string, SamlRequestRecord>("samlRequests")
/** Keyed by code hash. */
export const ssoHandoffsTable = table<string, SsoHandoffRecord>("ssoHandoffs")
