import { createHash } from "node:crypto"
import type { ObjectHash, ObjectKind, StoredObject } from "../../storage/content/ObjectStore.js"

/**
 * The canonical JSON text of a value: object keys sorted (by UTF-16 code units) at every
 * depth, no whitespace, `undefined` properties dropped, arrays in order. Equal content
 * always gives the same text, hence the same hash. Values JSON cannot state faithfully
 * (non-finite numbers, bigint, functions, symbols, `undefined` inside arrays) are a defect
 * of the caller and throw a TypeError.
 */
export const canonicalJson = (value: unknown): string => encode(value, "$")

const encode = (value: unknown, path: string): string => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value)
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number at ${path}`)
      return JSON.stringify(value)
    case "object":
      if (value === null) return "null"
      if (Array.isArray(value)) return encodeArray(value, path)
      return encodeObject(value, path)
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value} at ${path}`)
  }
}

const encodeArray = (items: ReadonlyArray<unknown>, path: string): string => {
  const parts: Array<string> = []
  for (let i = 0; i < items.length; i++) {
    if (items[i] === undefined) throw new TypeError(`canonicalJson: undefined array item at ${path}[${i}]`)
    parts.push(encode(items[i], `${path}[${i}]`))
  }
  return `[${parts.join(",")}]`
}

const encodeObject = (object: object, path: string): string => {
  // Dates and the like state their own JSON form, as with JSON.stringify.
  const toJSON = (object as { toJSON?: unknown }).toJSON
  if (typeof toJSON === "function") return encode(toJSON.call(object), path)
  const record = object as Record<string, unknown>
  const parts: Array<string> = []
  for (const key of Object.keys(record).sort()) {
    const field = record[key]
    if (field === undefined) continue
    parts.push(`${JSON.stringify(key)}:${encode(field, `${path}.${key}`)}`)
  }
  return `{${parts.join(",")}}`
}

/** The sha256 (hex) of a text's UTF-8 bytes. */
export const sha256Hex = (text: string): ObjectHash => createHash("sha256").update(text, "utf8").digest("hex")

/** The stored form of a value: its canonical JSON body, named by the body's sha256. */
export const canonicalObject = (kind: ObjectKind, value: unknown): StoredObject => {
  const body = canonicalJson(value)
  return { hash: sha256Hex(body), kind, body }
}

/** The value a stored object holds (the caller states its type; bodies are trusted). */
export const decodeObject = <A>(object: Pick<StoredObject, "body">): A => JSON.parse(object.body) as A
