import type { OrganizationId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** A JSON value as an integration's definition keeps it (blocks, configurations, ...). */
export type IntegrationJson = string | number | boolean | null | ReadonlyArray<IntegrationJson> | { readonly [key: string]: IntegrationJson }

/**
 * A published integration, unique by `name` across the server. Its script, icon and preview
 * images are blobs (sha256 in the `BlobStore`); its secrets are sealed (`SecretSeal`) and never
 * leave storage in clear. The columns the list filters on are kept apart from `definition`.
 */
export interface IntegrationRecord {
  readonly name: string
  readonly ownerId: OrganizationId
  readonly version: number
  readonly title: string
  readonly visibility: "public" | "private" | "unlisted"
  readonly target: "all" | "site" | "space" | "organization"
  readonly scopes: ReadonlyArray<string>
  readonly categories: ReadonlyArray<string>
  /** The hosts the blocks' `urlUnfurl` patterns name, lower case: what `blockDomain` matches. */
  readonly blockDomains: ReadonlyArray<string>
  readonly hasBlocks: boolean
  readonly hasContentSources: boolean
  /** The rest of the published definition, as given (description, summary, blocks, contentSources, configurations, externalLinks, contentSecurityPolicy, runtime). */
  readonly definition: { readonly [key: string]: IntegrationJson }
  readonly scriptSha256: string
  readonly iconSha256: string | null
  readonly previewImageSha256s: ReadonlyArray<string>
  /** The secrets' JSON, sealed; null when none were ever given. */
  readonly sealedSecrets: string | null
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

export const integrationSortKey = (i: IntegrationRecord) => [i.name]
