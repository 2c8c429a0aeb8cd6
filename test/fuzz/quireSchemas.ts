import Ajv2020 from "ajv/dist/2020.js"
import addFormats from "ajv-formats"
import type { JsonSchema } from "./jsonSchema.js"
import { type Operation, quireDocument } from "./operations.js"

type Json = any

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true, validateFormats: true })
;(addFormats as unknown as typeof addFormats.default)(ajv)
ajv.addSchema({ $id: "quire", components: quireDocument.components } as Json)

/**
 * Points local `#/components/...` references at the registered `quire` document. A component
 * compiled on its own (a body field's resolved schema, `AnyValue`) loses its `$id`: the
 * registered document already holds that id, which ajv refuses to meet twice.
 */
const rebase = (schema: JsonSchema): Json => {
  const { $id: _, ...rest } = JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"quire#/'))
  return rest
}

const compiled = new Map<string, ReturnType<typeof ajv.compile>>()

const validatorOf = (schema: JsonSchema) => {
  const key = JSON.stringify(schema)
  let validate = compiled.get(key)
  if (validate === undefined) {
    validate = ajv.compile(rebase(schema))
    compiled.set(key, validate)
  }
  return validate
}

/** Whether `value` is valid against a schema of Quire's document (JSON Schema semantics). */
export const conforms = (schema: JsonSchema, value: unknown): boolean => validatorOf(schema)(value) === true

/** Problems of a success body against Quire's own document, for operations the official spec lacks. */
export const quireResponseProblems = (operation: Operation, status: number, body: unknown): ReadonlyArray<string> => {
  const response: Json = operation.responses[String(status)]
  if (response === undefined) return [`status ${status} is not documented (Quire's document lists ${Object.keys(operation.responses).join(", ")})`]
  const schema = response.content?.["application/json"]?.schema
  if (schema === undefined) return body === undefined ? [] : [`status ${status} is documented without a body, but one came`]
  const validate = validatorOf(schema)
  if (validate(body)) return []
  return (validate.errors ?? []).map((e) => `Quire's ${operation.id} ${status}: ${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`)
}
