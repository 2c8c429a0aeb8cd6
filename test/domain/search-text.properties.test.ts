/**
 * The words search matches, the queries people type and the snippets results show, against a
 * plain model of matching: text is found by its own words, in any case and with or without
 * accents, CJK text by any run of two or more of its characters, the last word by its start;
 * random text never makes parsing or snippets throw, and no query term is anything but words.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { flatText } from "../../packages/core/src/content/search/flatText.js"
import { foldWord, MAX_TOKEN_LENGTH, tokenSpans, tokenText } from "../../packages/core/src/content/search/searchTokens.js"
import { MIN_PREFIX_LENGTH, parseQuery } from "../../packages/core/src/search/parseQuery.js"
import { MARK_CLOSE, MARK_OPEN, matchedRanges, SNIPPET_LENGTH, snippet } from "../../packages/core/src/search/snippet.js"
import type { SearchQuery, SearchTerm } from "../../packages/core/src/storage/search/SearchRecords.js"

/** The model: does a text (one field) hold a term? */
const holds = (tokens: ReadonlyArray<string>, term: SearchTerm): boolean => {
  if (term._tag === "Word") return tokens.some((t) => (term.prefix ? t.startsWith(term.token) : t === term.token))
  return tokens.some((_, i) => term.tokens.every((t, k) => tokens[i + k] === t))
}
const matches = (text: string, query: SearchQuery) => {
  const tokens = tokenText(text).split(" ")
  return query.terms.length > 0 && query.terms.every((term) => holds(tokens, term))
}

const latin = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzéèêàçüöñåø0123456789")
const cjk = fc.constantFrom(..."東京都日本語観光案内寿司漢字のはをにがカタカナ한국어")
const punctuation = fc.constantFrom(..." \n\t.,;:!?-_*\"'()[]{}^~<>/\\|@#$%&+=`")
const word = fc.string({ unit: latin, minLength: 1, maxLength: 12 })
const text = fc.string({ unit: fc.oneof(latin, latin, latin, cjk, punctuation, punctuation), maxLength: 300 })
const sentence = fc.array(word, { minLength: 1, maxLength: 20 }).map((words) => words.join(" "))

/** A property over fast-check's arbitraries, as a test. */
const prop = <T extends Array<unknown>>(name: string, arbitraries: { [K in keyof T]: fc.Arbitrary<T[K]> }, predicate: (...args: T) => void) =>
  it(name, () => fc.assert((fc.property as unknown as (...args: Array<unknown>) => fc.IProperty<T>)(...arbitraries, predicate)))

const strip = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "")

/** The words of a text as the regular expressions read them, run by run: what `tokenSpans`' character scan must give. */
const tokenSpansByRuns = (text: string) =>
  [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].flatMap((run) => {
    let offset = run.index
    return run[0].split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/u).flatMap((part) => {
      const start = offset
      offset += part.length
      if (part === "") return []
      if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(part)) {
        return [{ token: part.normalize("NFKC"), start, end: offset, cjk: true }]
      }
      return foldWord(part)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((token) => token !== "" && token.length <= MAX_TOKEN_LENGTH)
        .map((token) => ({ token, start, end: offset, cjk: false }))
    })
  })
const mark = fc.constantFrom("\u0301", "\u0308", "\u0327", "\u200d")
const wide = fc.constantFrom("…", "—", "\u00a0", "’", "𝔸", "😀", "ß", "ﬁ", "Ⅻ", "١")

describe("searchTokens", () => {
  prop("every token is letters and digits, folded, at most 64 characters, inside its span", [fc.string({ maxLength: 400 })], (s) => {
    for (const span of tokenSpans(s)) {
      expect(span.token).toMatch(/^[\p{L}\p{N}]+$/u)
      expect(span.token.length).toBeLessThanOrEqual(MAX_TOKEN_LENGTH)
      expect(span.token).toBe(span.token.toLowerCase())
      expect(span.start).toBeLessThan(span.end)
      expect(span.end).toBeLessThanOrEqual(s.length)
    }
  })

  prop("case and accents do not matter", [sentence], (s) => {
    expect(tokenText(s.toUpperCase())).toBe(tokenText(s))
    expect(tokenText(strip(s))).toBe(tokenText(s))
    expect(tokenText(s.normalize("NFD"))).toBe(tokenText(s))
  })

  prop("ASCII text gives the words the general folding gives, where they are", [fc.string({ unit: fc.oneof(fc.char(), punctuation), maxLength: 300 })], (s) => {
    const expected = [...s.matchAll(/[A-Za-z0-9]+/g)]
      .filter((run) => run[0].length <= MAX_TOKEN_LENGTH)
      .map((run) => ({ token: foldWord(run[0]), start: run.index, end: run.index + run[0].length, cjk: false }))
    expect(tokenSpans(s)).toEqual(expected)
  })

  prop(
    "reads any text as the regular expressions do, run by run",
    [fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: fc.oneof(latin, cjk, punctuation, mark, wide, fc.char()), maxLength: 300 }))],
    (s) => {
      expect(tokenSpans(s)).toEqual(tokenSpansByRuns(s))
    }
  )

  it("splits CJK into characters and code at its punctuation", () => {
    expect(tokenText("東京都の案内")).toBe("東 京 都 の 案 内")
    expect(tokenText("Café getUserById snake_case v1.2")).toBe("cafe getuserbyid snake case v1 2")
    expect(tokenText("x".repeat(MAX_TOKEN_LENGTH + 1))).toBe("")
  })
})

describe("parseQuery", () => {
  prop("never throws, and its terms are only folded words", [fc.string({ maxLength: 600 })], (s) => {
    for (const term of parseQuery(s).terms) {
      const tokens = term._tag === "Word" ? [term.token] : term.tokens
      expect(tokens.length).toBeGreaterThan(0)
      for (const token of tokens) expect(token).toMatch(/^[\p{L}\p{N}]+$/u)
    }
  })

  prop("a text is found by any run of its words, typed as they are", [text, fc.nat(), fc.nat()], (s, from, length) => {
    const spans = tokenSpans(s)
    fc.pre(spans.length > 0)
    const start = from % spans.length
    const end = Math.min(spans.length, start + 1 + (length % 4))
    const typed = s.slice(spans[start]!.start, spans[end - 1]!.end)
    expect(matches(s, parseQuery(typed))).toBe(true)
    expect(matches(s, parseQuery(`"${typed}"`))).toBe(true)
  })

  prop("CJK text is found by any substring of two or more characters", [fc.string({ unit: cjk, minLength: 2, maxLength: 30 }), fc.nat(), fc.nat()], (s, from, length) => {
      const chars = [...s]
      const start = from % (chars.length - 1)
      const piece = chars.slice(start, start + 2 + (length % (chars.length - start - 1))).join("")
      expect(matches(s, parseQuery(piece))).toBe(true)
    }
  )

  prop("the last word is found by its start while typing", [sentence, fc.nat()], (s, cut) => {
    const words = s.split(" ")
    const last = tokenText(words[words.length - 1]!)
    fc.pre(last.length >= MIN_PREFIX_LENGTH && !last.includes(" "))
    const typed = [...words.slice(0, -1), last.slice(0, MIN_PREFIX_LENGTH + (cut % (last.length - MIN_PREFIX_LENGTH + 1)))].join(" ")
    const query = parseQuery(typed)
    expect(query.terms.at(-1)).toMatchObject({ _tag: "Word", prefix: true })
    expect(matches(s, query)).toBe(true)
    // A trailing space ends the word: it is then whole.
    expect(parseQuery(`${typed} `).terms.every((term) => term._tag !== "Word" || !term.prefix)).toBe(true)
  })

  it("reads operators as separators (a word they split is a phrase) and quotes as phrases", () => {
    expect(parseQuery('NEAR(a b) OR title:x -y ^z "brown fox" *').terms).toEqual([
      { _tag: "Phrase", tokens: ["near", "a"] },
      { _tag: "Word", token: "b", prefix: false },
      { _tag: "Word", token: "or", prefix: false },
      { _tag: "Phrase", tokens: ["title", "x"] },
      { _tag: "Word", token: "y", prefix: false },
      { _tag: "Word", token: "z", prefix: false },
      { _tag: "Phrase", tokens: ["brown", "fox"] }
    ])
    expect(parseQuery("!!! *** ---").terms).toEqual([])
    expect(parseQuery('"open quote').terms).toEqual([
      { _tag: "Word", token: "open", prefix: false },
      { _tag: "Word", token: "quote", prefix: true }
    ])
  })
})

describe("flatText", () => {
  const spaced = fc.string({ unit: fc.oneof(latin, punctuation, wide, fc.constantFrom(" ", "  ", "\r\n", "\u2003", "\u3000")), maxLength: 80 })
  prop("is the text with each run of whitespace one space and none at the ends, and a flat text itself", [spaced], (s) => {
    const flat = s.replace(/\s+/gu, " ").trim()
    expect(flatText(s)).toBe(flat)
    expect(flatText(flat)).toBe(flat)
  })
})

describe("snippet", () => {
  const unmarked = (s: string) => s.split(MARK_OPEN).join("").split(MARK_CLOSE).join("").replace(/^…|…$/gu, "")

  /** Text without the mark's `*`: a text's own `**` could not be told from a mark (`"a**a"` would read as `aa`). */
  const unmarkedText = text.map((s) => s.replaceAll("*", "+"))

  prop("is a piece of the text, bounded, and marks only what matches", [unmarkedText, fc.string({ maxLength: 40 })], (s, q) => {
    const query = parseQuery(q)
    const cut = snippet(s, query.terms)
    const flat = s.replace(/\s+/gu, " ").trim()
    expect(flat).toContain(unmarked(cut))
    const marked = [...cut.matchAll(/\*\*(.+?)\*\*/gu)].map((m) => m[1]!)
    for (const piece of marked) {
      const tokens = tokenText(piece).split(" ")
      expect(query.terms.some((term) => holds(tokens, term))).toBe(true)
    }
    expect(unmarked(cut).length).toBeLessThanOrEqual(SNIPPET_LENGTH + 300)
  })

  /** The ranges as read from `tokenSpans`' words (an object and a string each): what the in-place reading must give. */
  const rangesBySpans = (text: string, terms: ReadonlyArray<SearchTerm>) => {
    const spans = tokenSpans(text)
    const length = (term: SearchTerm, at: number) => {
      if (term._tag === "Word") return (term.prefix ? spans[at]!.token.startsWith(term.token) : spans[at]!.token === term.token) ? 1 : 0
      return at + term.tokens.length <= spans.length && term.tokens.every((t, k) => spans[at + k]!.token === t) ? term.tokens.length : 0
    }
    const ranges: Array<[number, number]> = []
    for (let at = 0; at < spans.length; ) {
      const n = Math.max(0, ...terms.map((term) => length(term, at)))
      if (n === 0) {
        at++
        continue
      }
      const [start, end] = [spans[at]!.start, spans[at + n - 1]!.end]
      const last = ranges[ranges.length - 1]
      if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end)
      else ranges.push([start, end])
      at += n
    }
    return ranges
  }
  const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZÉÀÇÜ")
  const mixedText = fc.string({ unit: fc.oneof(latin, latin, upper, cjk, punctuation, punctuation, wide), maxLength: 300 })
  /** A query of the text's own words (cut, some as a phrase or a prefix), or any string. */
  const queryOf = (s: string) => {
    const tokens = tokenText(s).split(" ").filter((t) => t !== "")
    return tokens.length === 0
      ? fc.string({ maxLength: 20 })
      : fc
          .array(fc.tuple(fc.nat(tokens.length - 1), fc.nat(3), fc.integer({ min: 1, max: 6 }), fc.boolean()), { minLength: 1, maxLength: 4 })
          .map((picks) =>
            picks
              .map(([at, n, cut, quoted]) => {
                const picked = tokens.slice(at, at + n + 1).join(" ")
                return quoted ? `"${picked}"` : picked.slice(0, picked.length - cut + 1)
              })
              .join(" ")
          )
  }

  prop("finds the ranges the words read one object each would", [mixedText.chain((s) => fc.tuple(fc.constant(s), queryOf(s)))], ([s, q]) => {
    const terms = parseQuery(q).terms
    expect(matchedRanges(s, terms)).toEqual(rangesBySpans(s, terms))
  })

  it("compares ASCII words in place, in any case, and keeps a long text's words no longer than its call", () => {
    expect(matchedRanges("Getuserbyid GETUSERBYID getUser", parseQuery("getuserbyid").terms)).toEqual([
      [0, 11],
      [12, 23]
    ])
    expect(matchedRanges("Getuserbyid GETUSERBYID getUser", parseQuery("getu").terms)).toEqual([
      [0, 11],
      [12, 23],
      [24, 31]
    ])
    const long = "word ".repeat(70_000) + "needle"
    expect(matchedRanges(long, parseQuery("needle").terms)).toEqual([[350_000, 350_006]])
    expect(matchedRanges("a needle", parseQuery("needle").terms)).toEqual([[2, 8]])
  })

  it("cuts around the first match and marks each", () => {
    const body = `${"Filler words come first here. ".repeat(10)}Then the Café opens, and the café closes.`
    const cut = snippet(body, parseQuery("cafe").terms)
    expect(cut.startsWith("…")).toBe(true)
    expect(cut).toContain("the **Café** opens, and the **café** closes.")
  })
})
