/// <reference lib="es2024.string" />

/**
 * Why `text` cannot be stored as it is, or undefined when it can. Postgres `text` cannot hold
 * U+0000, and an unpaired UTF-16 surrogate is no character at all (it cannot be written as
 * UTF-8, so it would not survive storage or a response): both are refused, the same on every
 * backend. A cheap scan: `isWellFormed` answers at once for one-byte strings.
 */
export const storableTextRule = (text: string): string | undefined =>
  text.includes("\u0000")
    ? "must not contain a NUL character (U+0000)"
    : text.isWellFormed()
      ? undefined
      : "must not contain an unpaired UTF-16 surrogate"
