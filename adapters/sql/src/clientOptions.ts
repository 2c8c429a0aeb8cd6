import { String as Str } from "effect"

/** The name transforms every SQL client of Quire is made with: records are camelCase, columns snake_case. */
export const nameTransforms = {
  transformQueryNames: Str.camelToSnake,
  transformResultNames: Str.snakeToCamel
} as const
