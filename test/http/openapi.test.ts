import { Validator } from "@seriousme/openapi-schema-validator"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { operationsByArea } from "../e2e/support/operations.js"
import { type RunningServer, startServer } from "../e2e/support/server.js"

/**
 * The OpenAPI document `quire serve` serves at `/v1/openapi.json`: valid OpenAPI 3.1, named
 * and placed as the official GitBook spec names and places the same operations, summarized,
 * with its server at the public URL, and documenting the answers the server gives before an
 * operation runs (401, 413, 415, 429).
 */

type Json = any

const require = createRequire(import.meta.url)
const officialSpec: Json = JSON.parse(readFileSync(require.resolve("@gitbook/api/spec/openapi.json"), "utf8"))

/** The operations Quire serves that the official spec lacks: adding one is a conscious change. */
const NOT_OFFICIAL = [
  "transferSpace",
  "getChangeRequestMergeConflicts",
  "downloadFileById",
  "downloadChangeRequestFileById",
  "downloadPDF",
  "listSpaceLinks",
  "listPageLinks",
  "listFileBacklinks",
  "listPageLinksInChangeRequest",
  "listFileBacklinksInChangeRequest",
  "importContent",
  "importChangeRequestContent",
  ...operationsByArea.samlServiceProvider,
  ...operationsByArea.customFields
]

/**
 * Operations anyone may call: what the server is, a signed PDF URL (its token is the
 * permission), and Quire's SAML service provider (the signed assertion, then the code, is).
 */
const UNAUTHENTICATED = ["getApiInformation", "downloadPDF", ...operationsByArea.samlServiceProvider]

/**
 * Operations whose body the official spec leaves optional and Quire requires (an absent body
 * is 400 there): the document says what the server does.
 */
const BODY_REQUIRED_HERE_ONLY = ["addMemberToOrganizationTeamById"]

interface Operation {
  readonly id: string
  readonly method: string
  readonly path: string
  readonly operation: Json
}

const operationsOf = (document: Json): ReadonlyArray<Operation> =>
  Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([, operation]) => typeof operation === "object" && operation !== null && "responses" in operation)
      .map(([method, operation]) => ({ id: operation.operationId, method: method.toUpperCase(), path, operation }))
  )

const official = new Map(operationsOf(officialSpec).map((operation) => [operation.id, operation]))

let server: RunningServer
let document: Json
let ours: ReadonlyArray<Operation>

beforeAll(async () => {
  server = await startServer()
  const response = await fetch(`${server.url}/v1/openapi.json`)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toMatch(/application\/json/)
  document = await response.json()
  ours = operationsOf(document)
})

afterAll(async () => {
  await server?.stop()
})

/** A schema of the document, past its `$ref`s. */
const resolved = (schema: Json): Json => {
  let current = schema
  for (let hops = 0; current?.$ref !== undefined && hops < 20; hops++) {
    current = document.components.schemas[String(current.$ref).replace("#/components/schemas/", "")]
  }
  return current
}

/** What is wrong with `operation`'s answer `status`, as the official error body `{"error": {"code", "message"}}`. */
const errorBodyProblems = (operation: Operation, status: number): ReadonlyArray<string> => {
  const response = operation.operation.responses[String(status)]
  if (response === undefined) return [`${operation.id}: no ${status}`]
  const body = resolved(response.content?.["application/json"]?.schema)
  const error = resolved(body?.properties?.error)
  const code = resolved(error?.properties?.code)
  const fine =
    body?.required?.includes("error") &&
    error?.required?.includes("code") &&
    error?.required?.includes("message") &&
    JSON.stringify(code?.enum) === JSON.stringify([status]) &&
    resolved(error?.properties?.message)?.type === "string"
  return fine ? [] : [`${operation.id}: ${status} is not the official error body`]
}

describe("the OpenAPI document at /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    const result = await new Validator().validate(document)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
  })

  it("lists one server: the public URL followed by /v1, under which every path is", () => {
    expect(document.servers).toHaveLength(1)
    expect(document.servers[0].url).toBe(`${server.url}/v1`)
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/v1"))).toEqual([])
  })

  it("names each operation the official spec has as it does, at the same method and path", () => {
    const misplaced = ours
      .filter((operation) => official.has(operation.id))
      .map((operation) => ({ operation, official: official.get(operation.id)! }))
      .filter(({ operation, official }) => operation.method !== official.method || operation.path !== official.path)
      .map(({ operation, official }) => `${operation.id}: ${operation.method} ${operation.path}, officially ${official.method} ${official.path}`)
    expect(misplaced).toEqual([])
    expect(new Set(ours.map((operation) => operation.id)).size).toBe(ours.length)
  })

  it("has no operation outside the official spec but the ones listed here", () => {
    expect(ours.filter((operation) => !official.has(operation.id)).map((operation) => operation.id).sort()).toEqual(
      [...NOT_OFFICIAL].sort()
    )
  })

  it("gives every operation a summary, the official one where there is one", () => {
    expect(ours.filter((operation) => typeof operation.operation.summary !== "string" || operation.operation.summary.trim() === "").map((o) => o.id)).toEqual([])
    const different = ours
      .filter((operation) => official.has(operation.id) && operation.operation.summary !== official.get(operation.id)!.operation.summary)
      .map((operation) => `${operation.id}: "${operation.operation.summary}"`)
    expect(different).toEqual([])
  })

  it("describes every request body, optional ones as optional", () => {
    const withBody = ours.filter((operation) => operation.operation.requestBody !== undefined)
    expect(withBody.length).toBeGreaterThan(0)
    const undescribed = withBody
      .filter((operation) => {
        // JSON, but for the SAML ACS: an identity provider posts an HTML form (HTTP-POST binding).
        const content = operation.operation.requestBody.content ?? {}
        const schema = resolved((content["application/json"] ?? content["application/x-www-form-urlencoded"])?.schema)
        return schema?.type !== "object" || schema.properties === undefined
      })
      .map((operation) => operation.id)
    expect(undescribed).toEqual([])
    const optional = withBody.filter((operation) => operation.operation.requestBody.required === false).map((o) => o.id)
    expect(optional.sort()).toEqual(["createCollection", "createSite", "createSpace", "moveSiteSection", "moveSiteSectionGroup", "moveSiteSpace"])
    const requiredHereOnly = withBody
      .filter((operation) => official.has(operation.id) && operation.operation.requestBody.required !== false)
      .filter((operation) => official.get(operation.id)!.operation.requestBody?.required !== true)
      .map((operation) => operation.id)
    expect(requiredHereOnly.sort()).toEqual([...BODY_REQUIRED_HERE_ONLY].sort())
  })

  it("documents 413 and 415 in the official error body on every operation that takes a body", () => {
    const withBody = ours.filter((operation) => operation.operation.requestBody !== undefined)
    expect(withBody.flatMap((operation) => [...errorBodyProblems(operation, 413), ...errorBodyProblems(operation, 415)])).toEqual([])
  })

  it("documents 401, and 429 with Retry-After, in the official error body on every authenticated operation", () => {
    const authenticated = ours.filter((operation) => (operation.operation.security ?? document.security ?? []).length > 0)
    expect(authenticated.length).toBe(ours.length - UNAUTHENTICATED.length)
    expect(ours.filter((operation) => !authenticated.includes(operation)).map((operation) => operation.id).sort()).toEqual(
      [...UNAUTHENTICATED].sort()
    )
    expect(authenticated.flatMap((operation) => [...errorBodyProblems(operation, 401), ...errorBodyProblems(operation, 429)])).toEqual([])
    const withoutRetryAfter = authenticated
      .filter((operation) => operation.operation.responses["429"].headers?.["Retry-After"]?.schema?.type !== "integer")
      .map((operation) => operation.id)
    expect(withoutRetryAfter).toEqual([])
  })

  it("is served without a token, and the reference page too", async () => {
    const reference = await fetch(`${server.url}/v1/reference`)
    expect(reference.status).toBe(200)
    expect(reference.headers.get("content-type")).toMatch(/text\/html/)
    expect(await reference.text()).toContain("getApiInformation")
  })
})
