import { String as Str } from "effect"

/** A name transform that remembers its answers: the set of column and field names is small and fixed. */
const remembered = (transform: (name: string) => string): ((name: string) => string) => {
  const known = new Map<string, string>()
  return (name) => {
    let result = known.get(name)
    if (result === undefined) {
      result = transform(name)
      if (known.size < 10_000) known.set(name, result)
    }
    return result
  }
}

/** The name transforms every SQL client of Quire is made with: records are camelCase, columns snake_case. */
export const nameTransforms = {
  transformQueryNames: remembered(Str.camelToSnake),
  transformResultNames: remembered(Str.snakeToCamel)
} as const

