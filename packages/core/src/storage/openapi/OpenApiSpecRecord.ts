import type { OpenApiSpecId, OpenApiSpecVersionId, OrganizationId } from "../../shared/ids.js"
import type { Timestamp } from "../../shared/time.js"

/** Where a spec's document comes from: fetched from a URL (through the `Fetcher`), or given as text. */
export type OpenApiSpecSource =
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "text"; readonly text: string }

export type OpenApiSpecProcessingState = "pending" | "progress" | "complete"
export type OpenApiSpecErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR"
export type OpenApiSpecVisibility = "private" | "public"

/** One problem the last processing found (the official `OpenAPIErrorObject`). */
export interface OpenApiProcessError {
  readonly message: string
  readonly code?: string
}

/**
 * An organization's OpenAPI specification, by slug. `processingJobId` is the job that processes
 * its current source: an older job that finishes late writes nothing.
 */
export interface OpenApiSpecRecord {
  readonly id: OpenApiSpecId
  readonly organizationId: OrganizationId
  readonly slug: string
  readonly source: OpenApiSpecSource
  readonly visibility: OpenApiSpecVisibility
  readonly processingState: OpenApiSpecProcessingState
  readonly processingJobId: string | null
  /** The newest complete version; it stays when a later processing fails. */
  readonly lastVersionId: OpenApiSpecVersionId | null
  readonly lastProcessedAt: Timestamp | null
  readonly lastProcessErrorCode: OpenApiSpecErrorCode | null
  /** At most `OPENAPI_ERRORS_KEPT` of them; `lastProcessedErrorCount` counts them all. */
  readonly lastProcessedErrors: ReadonlyArray<OpenApiProcessError>
  readonly lastProcessedErrorCount: number
  readonly createdAt: Timestamp
  readonly updatedAt: Timestamp
}

/** One processed document, immutable: what the spec's source held when it was processed. */
export interface OpenApiSpecVersionRecord {
  readonly id: OpenApiSpecVersionId
  readonly specId: OpenApiSpecId
  /** sha256 (hex) of the raw text and the resolved filesystem: equal hashes make no new version. */
  readonly contentHash: string
  /** The URL it was fetched from; null for a spec given as text. */
  readonly sourceUrl: string | null
  /** The entry document exactly as fetched or given. */
  readonly raw: string
  readonly format: "json" | "yaml"
  /** The documents, by file name (the entry under `OPENAPI_ENTRY_FILE`), as JSON text. */
  readonly filesystem: string
  readonly createdAt: Timestamp
}
