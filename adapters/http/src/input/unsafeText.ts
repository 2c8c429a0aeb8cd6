/// <reference lib="es2024.string" />
import { formatPath } from "@quire/core"

/**
 * Why `text` cannot be taken as it is, or undefined when it can. Postgres `text` cannot hold
 * U+0000, and an unpaired UTF-16 surrogate is no character at all (it cannot be written as
 * UTF-8, so it would not survive storage or a response): both are refused at the edge, the
 * same on every backend. A cheap scan: `isWellFormed` answers at once for one-byte strings.
 */
export const unsafeTextRule = (text: string): string | undefined =>
  text.includes("\u0000")
    ? "must not contain a NUL character (U+0000)"
    : text.isWellFormed()
      ? undefined
      : "must not contain an unpaired UTF-16 surrogate"

export interface UnsafeText {
  /** Where it is, as in other errors: `title`, `add[1]`, `body` for the whole body. */
  readonly field: string
  readonly rule: string
}

const at = (path: ReadonlyArray<PropertyKey>) => formatPath(path) || "body"

/**
 * The first string in a parsed JSON value, property names included, that `unsafeTextRule`
 * refuses. Recursive: callers bound the depth first (see `MAX_JSON_DEPTH`).
 */
export const findUnsafeText = (value: unknown, path: Array<PropertyKey> = []): UnsafeText | undefined => {
  if (typeof value === "string") {
    const rule = unsafeTextRule(value)
    return rule === undefined ? undefined : { field: at(path), rule }
  }
  if (typeof value !== "object" || value === null) return undefined
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index)
      const found = findUnsafeText(value[index], path)
      path.pop()
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    const keyRule = unsafeTextRule(key)
    if (keyRule !== undefined) return { field: at(path), rule: `property names ${keyRule}` }
    path.push(key)
    const found = findUnsafeText((value as Record<string, unknown>)[key], path)
    path.pop()
    if (found !== undefined) return found
  }
  return undefined
}
