import { Schema } from "effect"

const AppUrls = Schema.Struct({ app: Schema.String })
const ResultType = Schema.Literal("page", "section")

/** The official `SearchSectionResult`: a section of a page, `body` a snippet with the matches marked. */
export const SearchSectionResult = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  path: Schema.String,
  score: Schema.Number,
  resultType: ResultType,
  body: Schema.String,
  urls: AppUrls
}).annotations({ identifier: "SearchSectionResult" })
export interface SearchSectionResult extends Schema.Schema.Type<typeof SearchSectionResult> {}

/** The official `SearchPageResult`: a page of the space's current content. */
export const SearchPageResult = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  description: Schema.String,
  path: Schema.String,
  score: Schema.Number,
  rank: Schema.Number,
  resultType: ResultType,
  sections: Schema.Array(SearchSectionResult),
  ancestors: Schema.Array(Schema.Struct({ title: Schema.String })),
  urls: AppUrls
}).annotations({ identifier: "SearchPageResult" })
export interface SearchPageResult extends Schema.Schema.Type<typeof SearchPageResult> {}

/** The official `SearchSpaceResult`: an organization search's pages of one space. */
export const SearchSpaceResult = Schema.Struct({
  type: Schema.Literal("space"),
  id: Schema.String,
  title: Schema.String,
  score: Schema.Number,
  pages: Schema.Array(SearchPageResult)
}).annotations({ identifier: "SearchSpaceResult" })
export interface SearchSpaceResult extends Schema.Schema.Type<typeof SearchSpaceResult> {}

/** A page of ranked results: the official `List` without `count` (counting every match costs what ranking them does). */
export const SearchListOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({
    next: Schema.optional(Schema.Struct({ page: Schema.String })),
    items: Schema.Array(item)
  })
