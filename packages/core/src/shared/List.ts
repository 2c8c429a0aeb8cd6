import { Schema } from "effect"

/** The list envelope of every paginated list. `next` is absent on the last page. */
export const ListOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({
    next: Schema.optional(Schema.Struct({ page: Schema.String })),
    count: Schema.Number,
    items: Schema.Array(item)
  })
