/** Characters of a quoted `filename="..."` that every client reads alike: printable ASCII but `"` and `\`. */
const PLAIN = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/g

/** RFC 5987 `attr-char`s stay as they are; everything else is percent-encoded (as UTF-8; a lone surrogate as U+FFFD). */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )

/**
 * `Content-Disposition: inline` naming the file: `filename="..."` with characters outside
 * plain ASCII as `_` (for old clients), and `filename*=UTF-8''...`, the exact name (RFC 6266).
 */
export const inlineDisposition = (filename: string): string =>
  `inline; filename="${filename.replace(PLAIN, "_")}"; filename*=UTF-8''${encodeExtValue(filename)}`
