/**
 * The words search matches, the same for the index and for queries on every adapter: runs of
 * letters and digits, folded to lower case with their diacritics removed (`Café` is `cafe`);
 * each Han, Hiragana, Katakana or Hangul character is a word of its own, so text written
 * without spaces is found by any run of its characters. Punctuation separates words and is
 * never matched: an operator of some engine's syntax in a query is just a separator.
 */

/** Longer words are not indexed (base64, hashes), and a query word longer matches nothing. */
export const MAX_TOKEN_LENGTH = 64

/** A word and where it was in the original text (UTF-16 offsets, `end` exclusive). */
export interface TokenSpan {
  readonly token: string
  readonly start: number
  readonly end: number
  /** A CJK character: a word of one character, never a prefix. */
  readonly cjk: boolean
}

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const CJK_SPLIT = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/u
const MARKS = /\p{M}/gu
const NOT_WORD = /[^\p{L}\p{N}]+/u

/** Lower case, compatibility forms unfolded, diacritics removed. */
export const foldWord = (text: string): string => text.normalize("NFKD").replace(MARKS, "").toLowerCase()

/** Whether every character is below U+0080 (then the run is ASCII letters and digits: no folding beyond case). */
const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false
  return true
}

export const tokenSpans = (text: string): ReadonlyArray<TokenSpan> => {
  const spans: Array<TokenSpan> = []
  for (const run of text.matchAll(WORD_RUN)) {
    let offset = run.index
    // Most words of most texts: what the general path below gives them, at a fraction of its cost.
    if (isAscii(run[0])) {
      if (run[0].length <= MAX_TOKEN_LENGTH) spans.push({ token: run[0].toLowerCase(), start: offset, end: offset + run[0].length, cjk: false })
      continue
    }
    // Odd parts are single CJK characters, even parts the (possibly empty) text between them.
    for (const part of run[0].split(CJK_SPLIT)) {
      const start = offset
      offset += part.length
      if (part === "") continue
      if (CJK_CHAR.test(part)) {
        spans.push({ token: part.normalize("NFKC"), start, end: offset, cjk: true })
        continue
      }
      for (const token of foldWord(part).split(NOT_WORD)) {
        if (token !== "" && token.length <= MAX_TOKEN_LENGTH) spans.push({ token, start, end: offset, cjk: false })
      }
    }
  }
  return spans
}

/** The text as the index keeps it: its words joined by single spaces. */
export const tokenText = (text: string): string => tokenSpans(text).map((span) => span.token).join(" ")
