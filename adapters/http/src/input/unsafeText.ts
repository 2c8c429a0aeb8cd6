import { formatPath, storableTextRule } from "@quire/core"

export interface UnsafeText {
  /** Where it is, as in other errors: `title`, `add[1]`, `body` for the whole body. */
  readonly field: string
  readonly rule: string
}

const at = (path: ReadonlyArray<PropertyKey>) => formatPath(path) || "body"

/**
 * The first string in a parsed JSON value, property names included, that `storableTextRule`
 * refuses. Recursive: callers bound the depth first (see `MAX_JSON_DEPTH`).
 */
export const findUnsafeText = (value: unknown, path: Array<PropertyKey> = []): UnsafeText | undefined => {
  if (typeof value === "string") {
    const rule = storableTextRule(value)
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
    const keyRule = storableTextRule(key)
    if (keyRule !== undefined) return { field: at(path), rule: `property names ${keyRule}` }
    path.push(key)
    const found = findUnsafeText((value as Record<string, unknown>)[key], path)
    path.pop()
    if (found !== undefined) return found
  }
  return undefined
}
