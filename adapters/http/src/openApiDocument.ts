/** Where the operations are served: every path of the API starts with it. */
export const API_PREFIX = "/v1"

type Json = Record<string, any>

/** The header every 429 carries (see `tooManyRequests`). */
const retryAfter = {
  "Retry-After": {
    description: "How many seconds to wait before trying again.",
    schema: { type: "integer", minimum: 1 }
  }
}

const withRetryAfter = (operation: Json): Json => {
  const tooMany = operation.responses?.["429"]
  if (tooMany === undefined) return operation
  return { ...operation, responses: { ...operation.responses, 429: { ...tooMany, headers: { ...tooMany.headers, ...retryAfter } } } }
}

/**
 * What the generator cannot take from the endpoints, applied to the whole document (an
 * `OpenApi.Transform` of `QuireApi`):
 * - paths are relative to `servers`, as in the official spec (`/orgs` under `…/v1`), and
 *   `servers` is `/v1`, relative to where the document is read from (the served document
 *   replaces it with the public URL, see `servedOpenApiDocument`);
 * - every 429 names its `Retry-After` header, which the error schema cannot carry.
 */
export const relativeToServer = (spec: Json): Json => ({
  ...spec,
  servers: [{ url: API_PREFIX }],
  paths: Object.fromEntries(
    Object.entries<Json>(spec.paths).map(([path, item]) => [
      path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) || "/" : path,
      Object.fromEntries(Object.entries<Json>(item).map(([method, operation]) => [method, withRetryAfter(operation)]))
    ])
  )
})

/** `document` with `servers` at `apiUrl` (the public URL followed by `/v1`). */
export const withServer = <Document extends object>(document: Document, apiUrl: string): Document => ({
  ...document,
  servers: [{ url: apiUrl }]
})
