/** The JSON Schema vocabulary the fuzzer reads: what Effect's OpenAPI generator writes, and a little more. */
export interface JsonSchema {
  readonly $ref?: string
  readonly $id?: string
  readonly type?: string | ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly additionalProperties?: boolean | JsonSchema
  readonly minProperties?: number
  readonly items?: JsonSchema
  readonly minItems?: number
  readonly maxItems?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly pattern?: string
  readonly format?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly description?: string
}

/** A document whose `#/components/schemas/...` references schemas resolve against. */
export interface SchemaDocument {
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> }
}

export type Resolve = (schema: JsonSchema) => JsonSchema

/** Follows `$ref`s (to `#/components/schemas/<name>`) until a schema that is not a reference. */
export const resolverOf =
  (document: SchemaDocument): Resolve =>
  (schema) => {
    let current = schema
    for (let hops = 0; current.$ref !== undefined; hops++) {
      const name = current.$ref.split("/").pop()!
      const target = document.components.schemas[name]
      if (target === undefined || hops > 50) throw new Error(`unresolvable reference ${current.$ref}`)
      current = target as JsonSchema
    }
    return current
  }

/** Effect writes a schema it cannot describe (`Schema.Unknown`) as this marker. */
export const isUndescribed = (schema: JsonSchema): boolean =>
  schema.$id === "/schemas/unknown" ||
  Object.keys(schema).every((key) => key === "title" || key === "description" || key === "$schema")

/** The alternatives of a union (`anyOf`/`oneOf`), or the schema itself. */
export const alternativesOf = (schema: JsonSchema): ReadonlyArray<JsonSchema> => schema.anyOf ?? schema.oneOf ?? [schema]

/** The JSON types a schema names, when it names them. */
export const typesOf = (schema: JsonSchema): ReadonlyArray<string> =>
  schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type

/** Every object schema of `allOf` merged into one (enough for request bodies). */
export const mergeAllOf = (schema: JsonSchema, resolve: Resolve): JsonSchema => {
  if (schema.allOf === undefined) return schema
  const parts = schema.allOf.map((part) => mergeAllOf(resolve(part), resolve))
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? [])
  }
}
