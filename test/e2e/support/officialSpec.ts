import Ajv2020 from "ajv/dist/2020.js"
import addFormats from "ajv-formats"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { seedShapedSuccesses } from "./seedTranslationSettings.js"

type Json = any

const require = createRequire(import.meta.url)
const spec: Json = JSON.parse(readFileSync(require.resolve("@gitbook/api/spec/openapi.json"), "utf8"))

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true, validateFormats: true })
;(addFormats as unknown as typeof addFormats.default)(ajv)
ajv.addFormat("emoji", true)

/**
 * The first exception to the spec as written. `RevisionSemanticChangePageEdited.attributes` is a
 * `oneOf` of the document, group and link pages' attributes, which overlap: none forbids other
 * properties and all three may hold only `title` (or `emoji`), so a document page's edited title
 * matches two or three of them, and no `page_edited` could ever be valid. The page's `type`
 * (beside `attributes`) tells which one applies, so it is read as the `anyOf` it means.
 */
const pageEdited = spec.components.schemas.RevisionSemanticChangePageEdited.properties
pageEdited.attributes = { anyOf: pageEdited.attributes.oneOf }

/**
 * And one reading of it. A SAML provider may be created with only its `label` (the spec's own
 * request body), when it is `pending`: it has no SSO URL yet, which Quire answers as `""`
 * (docs/api-notes/sso.md). The spec requires `ssoURL` as a URI: it is read as a URI or `""`.
 */
const samlProvider = spec.components.schemas.OrganizationSAMLProvider.properties
samlProvider.ssoURL = { anyOf: [samlProvider.ssoURL, { const: "" }] }

ajv.addSchema({ $id: "spec", components: spec.components } as Json)

/** Rewrites local `#/components/...` refs to the registered `spec` document. */
const rebase = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"spec#/'))

interface Operation {
  readonly method: string
  readonly template: string
  readonly pattern: RegExp
  readonly operationId: string
  readonly responses: Json
}

const operations: Array<Operation> = []
for (const [template, item] of Object.entries<Json>(spec.paths)) {
  for (const [method, op] of Object.entries<Json>(item)) {
    if (typeof op !== "object" || op === null || !("responses" in op)) continue
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`)
    operations.push({ method: method.toUpperCase(), template, pattern, operationId: op.operationId, responses: op.responses })
  }
}
// Most specific templates first: literal segments beat parameters.
operations.sort((a, b) => b.template.replace(/\{[^}]+\}/g, "").length - a.template.replace(/\{[^}]+\}/g, "").length)

export const findOperation = (method: string, path: string): Operation | undefined =>
  operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(path))

const resolveResponse = (response: Json): Json =>
  response?.$ref ? resolveResponse(spec.components.responses[response.$ref.split("/").pop()]) : response

const validators = new Map<string, ReturnType<typeof ajv.compile>>()

/**
 * Checks a response body against the official spec's schema for that operation and status.
 * Returns the problems found (empty when valid). Statuses the spec does not list for the
 * operation are checked against the official error body when they are errors.
 */
export const validateResponse = (method: string, path: string, status: number, body: unknown): ReadonlyArray<string> => {
  const op = findOperation(method, path)
  if (!op) return [`${method} ${path}: no such operation in the official spec`]
  const key = `${op.operationId}:${status}`
  let validate = validators.get(key)
  if (!validate) {
    const response = resolveResponse(op.responses[String(status)])
    // The second exception: the translations operations answer the seed's `TranslationSettings`
    // (see seedTranslationSettings.ts); their errors are still the official error body.
    let schema = seedShapedSuccesses[op.operationId]?.[status] ?? response?.content?.["application/json"]?.schema
    if (!schema && status >= 400) schema = resolveResponse(spec.components.responses.NotFoundError).content["application/json"].schema
    if (!schema) {
      if (body === undefined) return []
      return [`${op.operationId}: the spec lists no JSON body for status ${status}`]
    }
    if (status >= 400) schema = JSON.parse(JSON.stringify(schema).replace(/"enum":\[\d+\]/, `"enum":[${status}]`))
    validate = ajv.compile(rebase(schema))
    validators.set(key, validate)
  }
  if (validate(body)) return []
  return (validate.errors ?? []).map((e) => `${op.operationId} ${status}: ${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`)
}

export const officialOperationIds = (): ReadonlySet<string> => new Set(operations.map((o) => o.operationId))
