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

/**
 * Receives a text's words in order. An ASCII word comes as its range only (its token is that
 * text in lower case), so a reader that compares in place allocates nothing for it; any other
 * word comes folded.
 */
export interface TokenSink {
  ascii(start: number, end: number): void
  folded(token: string, start: number, end: number, cjk: boolean): void
}

/** A run of letters, digits and marks that is not all ASCII: folded, split at its CJK characters. */
const foldRun = (sink: TokenSink, run: string, at: number): void => {
  let offset = at
  // Odd parts are single CJK characters, even parts the (possibly empty) text between them.
  for (const part of run.split(CJK_SPLIT)) {
    const start = offset
    offset += part.length
    if (part === "") continue
    if (CJK_CHAR.test(part)) {
      sink.folded(part.normalize("NFKC"), start, offset, true)
      continue
    }
    for (const token of foldWord(part).split(NOT_WORD)) {
      if (token !== "" && token.length <= MAX_TOKEN_LENGTH) sink.folded(token, start, offset, false)
    }
  }
}

/** `0-9`, `A-Z`, `a-z`: the only ASCII characters that are letters, digits or marks. */
const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/**
 * The words of a text, in order, to `sink`. ASCII is read character by character (most words of
 * most texts: lower case is all their folding); from the first character that is not ASCII, the
 * run of letters it is in or before is read by `WORD_RUN` and folded whole.
 */
export const scanTokens = (text: string, sink: TokenSink): void => {
  const length = text.length
  let i = 0
  while (i < length) {
    const c = text.charCodeAt(i)
    if (c < 0x80) {
      if (!isAsciiWordChar(c)) {
        i++
        continue
      }
      let end = i + 1
      while (end < length && isAsciiWordChar(text.charCodeAt(end))) end++
      if (end === length || text.charCodeAt(end) < 0x80) {
        if (end - i <= MAX_TOKEN_LENGTH) sink.ascii(i, end)
        i = end
        continue
      }
    }
    // This run goes on past ASCII, or a character that is not ASCII comes before the next run.
    WORD_RUN.lastIndex = i
    const run = WORD_RUN.exec(text)
    if (run === null) break
    foldRun(sink, run[0], run.index)
    i = run.index + run[0].length
  }
}

/** The words of a text with where they are. */
export const tokenSpans = (text: string): ReadonlyArray<TokenSpan> => {
  const spans: Array<TokenSpan> = []
  scanTokens(text, {
    ascii: (start, end) => spans.push({ token: text.slice(start, end).toLowerCase(), start, end, cjk: false }),
    folded: (token, start, end, cjk) => spans.push({ token, start, end, cjk })
  })
  return spans
}

/** The text as the index keeps it: its words joined by single spaces. */
export const tokenText = (text: string): string => {
  const tokens: Array<string> = []
  scanTokens(text, {
    ascii: (start, end) => tokens.push(text.slice(start, end).toLowerCase()),
    folded: (token) => tokens.push(token)
  })
  return tokens.join(" ")
}
