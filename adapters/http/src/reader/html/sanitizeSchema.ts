import { defaultSchema, type Options as Schema } from "rehype-sanitize"

type AttributeList = NonNullable<Schema["attributes"]>[string]

const nameOf = (attribute: AttributeList[number]): string => (Array.isArray(attribute) ? String(attribute[0]) : attribute)

const defaults = defaultSchema.attributes ?? {}
const without = (list: AttributeList | undefined, ...names: ReadonlyArray<string>): AttributeList =>
  (list ?? []).filter((attribute) => !names.includes(nameOf(attribute)))

/** Per tag: the defaults, plus `id` on every tag but `img` (see below). */
const perTag = Object.fromEntries(
  (defaultSchema.tagNames ?? []).map((tag) => [tag, [...without(defaults[tag], "name"), ...(tag === "img" ? [] : ["id"])]])
)

/**
 * GitHub's sanitization (rehype-sanitize's default schema), extended only with what the
 * reader adds: heading `id`s and the `#` anchor links (`a.anchor`); `language-*` classes on
 * `code` are already in the defaults. `<style>` goes with its text, as `<script>` does.
 *
 * Ids are kept as written, without GitHub's `user-content-` prefix (`clobberPrefix: ""`), so
 * that a heading's id is the section anchor search results and authors link to (`#install`).
 * Why that is safe: DOM clobbering makes elements shadow script-visible names, and the reader
 * ships no script at all. What remains is the document's named properties (`document.cookie`
 * shadowed by `<img name="cookie">`), which only `name` on `img`/`form`/`embed`/`object`/
 * `iframe` and `id` on `img`/`embed`/`object` create: of those the schema allows only `img`,
 * so `name` is kept only on `a` (a legacy anchor) and `id` is allowed on every tag but `img`.
 * An `id` on any other element only adds a property to `window`, which never overrides one
 * `window` already has.
 */
export const readerSanitizeSchema: Schema = {
  ...defaultSchema,
  clobberPrefix: "",
  clobber: [],
  // Dropped with their content: a style sheet's text is no prose.
  strip: ["script", "style"],
  attributes: {
    ...perTag,
    "*": without(defaults["*"], "id", "name"),
    a: [...without(defaults["a"], "className"), "id", "name", ["className", "anchor", "data-footnote-backref"]]
  }
}
