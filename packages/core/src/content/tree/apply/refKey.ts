/** A ref or a written link as the two are compared: no `./`, no anchor or query, no `.md`. */
export const refKey = (text: string): string =>
  text
    .replace(/[#?].*$/s, "")
    .replace(/^(\.\/)+/, "")
    .replace(/\.md$/i, "")
