import { foundation } from "./0001_foundation.js"
import { content } from "./0002_content.js"
import { writeLock } from "./0003_write_lock.js"
import { changeRequests } from "./0004_change_requests.js"
import { changeRequestContributors } from "./0005_change_request_contributors.js"
import { spaceOwnedCascade } from "./0006_space_owned_cascade.js"
import { comments } from "./0007_comments.js"
import { events } from "./0008_events.js"
import { sites } from "./0009_sites.js"
import { search } from "./0010_search.js"
import { jobs } from "./0011_jobs.js"
import { gitSync } from "./0012_git_sync.js"
import { translations } from "./0013_translations.js"
import { customFields } from "./0014_custom_fields.js"
import { saml } from "./0015_saml.js"
import { openApiSpecs } from "./0016_openapi_specs.js"
import { integrations } from "./0017_integrations.js"
import { readerChanges } from "./0018_reader_changes.js"
import { searchSpaceRows } from "./0019_search_space_rows.js"
import { searchHitsFunction } from "./0020_search_hits_function.js"

/** Every migration, by "<id>_<name>"; ids only grow, and a migration never changes once shipped. */
export const migrations = {
  "0001_foundation": foundation,
  "0002_content": content,
  "0003_write_lock": writeLock,
  "0004_change_requests": changeRequests,
  "0005_change_request_contributors": changeRequestContributors,
  "0006_space_owned_cascade": spaceOwnedCascade,
  "0007_comments": comments,
  "0008_events": events,
  "0009_sites": sites,
  "0010_search": search,
  "0011_jobs": jobs,
  "0012_git_sync": gitSync,
  "0013_translations": translations,
  "0014_custom_fields": customFields,
  "0015_saml": saml,
  "0016_openapi_specs": openApiSpecs,
  "0017_integrations": integrations,
  "0018_reader_changes": readerChanges,
  "0019_search_space_rows": searchSpaceRows,
  "0020_search_hits_function": searchHitsFunction
}
