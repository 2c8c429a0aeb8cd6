import { GitBookAPI } from "@gitbook/api"
import type { OfficialApi } from "./gitbookTypes.js"
import { findOperation, validateResponse } from "./officialSpec.js"

/**
 * Operations Quire serves that the official spec lacks (the seed's space transfer and link
 * lists, the merge conflicts of a change request, file downloads and the signed PDF URL): their
 * bodies are checked by the tests themselves.
 */
const seedOnlyOperations = [
  { method: "POST", pattern: /^\/spaces\/[^/]+\/transfer$/, operationId: "transferSpace" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/change-requests\/[^/]+\/merge-conflicts$/, operationId: "getChangeRequestMergeConflicts" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/links$/, operationId: "listSpaceLinks" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/content\/page\/[^/]+\/links$/, operationId: "listPageLinks" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/content\/files\/[^/]+\/backlinks$/, operationId: "listFileBacklinks" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/page\/[^/]+\/links$/, operationId: "listPageLinksInChangeRequest" },
  { method: "GET", pattern: /^\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/files\/[^/]+\/backlinks$/, operationId: "listFileBacklinksInChangeRequest" },
  // The downloads (bytes, not JSON: fetch them directly; through here only their JSON errors).
  { method: "GET", pattern: /^\/spaces\/[^/]+\/content\/files\/[^/]+\/(?!backlinks$)[^/]+$/, operationId: "downloadFileById" },
  {
    method: "GET",
    pattern: /^\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/files\/[^/]+\/(?!backlinks$)[^/]+$/,
    operationId: "downloadChangeRequestFileById"
  },
  { method: "GET", pattern: /^\/pdf$/, operationId: "downloadPDF" },
  { method: "POST", pattern: /^\/spaces\/[^/]+\/content\/import$/, operationId: "importContent" },
  { method: "POST", pattern: /^\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/import$/, operationId: "importChangeRequestContent" },
  // The seed's custom fields (issue 36).
  { method: "GET", pattern: /^\/spaces\/[^/]+\/custom-fields$/, operationId: "listSpaceCustomFieldValues" },
  { method: "PATCH", pattern: /^\/spaces\/[^/]+\/custom-fields$/, operationId: "updateSpaceCustomFieldValues" },
  { method: "GET", pattern: /^\/orgs\/[^/]+\/custom-fields$/, operationId: "listCustomFieldsInOrganizationById" },
  { method: "POST", pattern: /^\/orgs\/[^/]+\/custom-fields$/, operationId: "createOrganizationCustomField" },
  { method: "GET", pattern: /^\/orgs\/[^/]+\/custom-fields\/[^/]+$/, operationId: "getOrganizationCustomFieldByName" },
  { method: "PATCH", pattern: /^\/orgs\/[^/]+\/custom-fields\/[^/]+$/, operationId: "updateOrganizationCustomFieldByName" },
  { method: "DELETE", pattern: /^\/orgs\/[^/]+\/custom-fields\/[^/]+$/, operationId: "deleteOrganizationCustomFieldByName" }
]
const seedOnly = seedOnlyOperations.map((operation) => operation.pattern)

/** The statuses each operation answered in this test file, by operationId (official, or the seed's name). */
export const exercised = new Map<string, Set<number>>()

const record = (method: string, path: string, status: number) => {
  const operationId =
    findOperation(method, path)?.operationId ??
    seedOnlyOperations.find((op) => op.method === method && op.pattern.test(path))?.operationId
  if (operationId === undefined) return
  const statuses = exercised.get(operationId) ?? new Set<number>()
  statuses.add(status)
  exercised.set(operationId, statuses)
}

/** Every response the official client saw that does not match the official spec. */
export const specViolations: Array<string> = []

const validatingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init)
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()
  const text = await response.clone().text()
  record(method, url.pathname.replace(/^\/v1/, ""), response.status)
  let body: unknown
  if (text !== "") {
    try {
      body = JSON.parse(text)
    } catch {
      specViolations.push(`${method} ${url.pathname}: body is not JSON: ${text.slice(0, 200)}`)
    }
  }
  if (response.status === 204 || response.status === 205) {
    if (text !== "") specViolations.push(`${method} ${url.pathname}: ${response.status} with a body`)
  } else if (!seedOnly.some((p) => p.test(url.pathname.replace(/^\/v1/, "")))) {
    specViolations.push(...validateResponse(method, url.pathname.replace(/^\/v1/, ""), response.status, body))
  }
  return response
}

/** The official client with its operations typed (see gitbookTypes.ts). */
export type GitBookClient = GitBookAPI & OfficialApi

/** The official GitBook client, pointed at a Quire server, checking every answer against the spec. */
export const gitbook = (endpoint: string, authToken?: string): GitBookClient =>
  new GitBookAPI({ endpoint, authToken, serviceBinding: { fetch: validatingFetch } as any }) as GitBookClient

/** A raw call for what the official client lacks (e.g. the seed's space transfer). */
export const rawCall = async (endpoint: string, token: string | undefined, method: string, path: string, body?: unknown) => {
  const response = await validatingFetch(`${endpoint}/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {})
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) }
}
