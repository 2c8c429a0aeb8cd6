import { Effect, ParseResult, Schema } from "effect"
import { InvalidInput } from "./errors.js"

/** `a.b[0].c` from a parse-issue path. */
export const formatPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out === "" ? String(key) : `${out}.${String(key)}`),
    ""
  )

/** The first issue of a parse error as an `InvalidInput` naming the field. */
export const invalidInputFromParseError = (error: ParseResult.ParseError, root = ""): InvalidInput => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const first = issues[0]
  const field = [root, formatPath(first?.path ?? [])].filter((s) => s !== "").join(".") || "body"
  return InvalidInput.of(field, first?.message ?? "is not valid")
}

/** Checks input against its schema in the core, whatever door it came through. */
export const validate =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (input: unknown): Effect.Effect<A, InvalidInput> =>
    Effect.mapError(Schema.decodeUnknown(schema, { errors: "first", onExcessProperty: "ignore" })(input), (e) =>
      invalidInputFromParseError(e)
    )

export const maxLength = (n: number) => Schema.String.pipe(Schema.maxLength(n, { message: () => `must be at most ${n} characters` }))

export const lengthBetween = (min: number, max: number) =>
  Schema.String.pipe(
    Schema.minLength(min, { message: () => `must be at least ${min} characters` }),
    Schema.maxLength(max, { message: () => `must be at most ${max} characters` })
  )
