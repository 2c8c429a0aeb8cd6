/** Any whitespace but a single space, or a space at either end: what `flatText` changes. */
const NOT_FLAT = /[^\S ]| {2}|^ | $/u

/**
 * A text on one line: each run of whitespace one space, none at either end. A text already so
 * is returned as it is, without a copy: the index keeps section bodies flat, and a search cuts
 * a snippet from dozens of them (copying each was a fifth of what a search allocated).
 */
export const flatText = (text: string): string => (NOT_FLAT.test(text) ? text.replace(/\s+/gu, " ").trim() : text)
