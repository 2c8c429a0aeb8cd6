import { describe } from "@effect/vitest"
import { Layer } from "effect"
import { testAuthority } from "../support/authority.js"
import { changeRequestsContract } from "./contract-change-requests.js"
import { commentsContract } from "./contract-comments.js"
import { contentContract } from "./contract-content.js"
import { contentStoreContract } from "./contract-content-store.js"
import { eventsContract } from "./contract-events.js"
import type { StorageLayer, StoragePorts } from "./contract-fixtures.js"
import { gitSyncContract } from "./contract-git-sync.js"
import { samlContract } from "./contract-saml.js"
import { jobsContract } from "./contract-jobs.js"
import { membersContract } from "./contract-members.js"
import { organizationsContract } from "./contract-organizations.js"
import { purgeContract } from "./contract-purge.js"
import { searchContract } from "./contract-search.js"
import { sitesContract } from "./contract-sites.js"
import { teamsContract } from "./contract-teams.js"
import { tokensContract } from "./contract-tokens.js"
import { transactionsContract } from "./contract-transactions.js"
import { translationsContract } from "./contract-translations.js"
import { openApiContract } from "./contract-openapi.js"
import { integrationsContract } from "./contract-integrations.js"
import { usersContract } from "./contract-users.js"
import { customFieldsContract } from "./contract-custom-fields.js"
import { storageChangesContract } from "./contract-storage-changes.js"

export type { StorageLayer, StoragePorts } from "./contract-fixtures.js"

/**
 * The behaviour every storage adapter shares, registered as vitest tests. Each describe
 * block builds `layer` once; tests use fresh random ids, so they also hold on a database
 * shared between blocks.
 */
export const storageContract = (name: string, adapter: Layer.Layer<StoragePorts, unknown, never>): void => {
  const layer: StorageLayer = Layer.merge(adapter, testAuthority)
  describe(`storage contract: ${name}`, () => {
    usersContract(layer)
    tokensContract(layer)
    organizationsContract(layer)
    membersContract(layer)
    teamsContract(layer)
    contentContract(layer)
    contentStoreContract(layer)
    changeRequestsContract(layer)
    commentsContract(layer)
    sitesContract(layer)
    searchContract(layer)
    purgeContract(layer)
    transactionsContract(layer)
    eventsContract(layer)
    jobsContract(layer)
    gitSyncContract(layer)
    samlContract(layer)
    translationsContract(layer)
    customFieldsContract(layer)
    openApiContract(layer)
    integrationsContract(layer)
    storageChangesContract(layer)
  })
}
