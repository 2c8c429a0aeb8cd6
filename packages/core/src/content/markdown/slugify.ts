import { slug } from "github-slugger"

/** The longest slug the official `RevisionPageSlug` allows. */
const maxSlugLength = 100

/**
 * A default page slug for `title`: GitHub's slug of it (lower case, punctuation dropped,
 * spaces to dashes), then narrowed to `a-z`, `0-9` and single dashes, with accents
 * folded (`Café` → `cafe`) and at most 100 characters. Never empty: a title with nothing
 * left (`日本語`, `!!!`) is `untitled`.
 */
export const slugify = (title: string): string => {
  const folded = title.normalize("NFKD").replace(/\p{M}+/gu, "")
  const narrowed = slug(folded)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  const cut = narrowed.slice(0, maxSlugLength).replace(/-+$/, "")
  return cut === "" ? "untitled" : cut
}
