/**
 * The search benchmark's corpus, the same on every run (a seeded PRNG): `spaces` spaces of
 * `pagesPerSpace` pages in one organization, each page markdown with a lead and about three
 * `## ` sections of words drawn from a Zipf distribution over a generated vocabulary, and a
 * fixed set of known words planted for the query classes (`QUERY_CLASSES`).
 */
import type { ImportedPage } from "../../../packages/core/src/content/tree/index.js"

export interface CorpusOptions {
  readonly spaces: number
  readonly pagesPerSpace: number
  readonly seed?: number
}

export const DEFAULT_CORPUS: CorpusOptions = { spaces: 200, pagesPerSpace: 100, seed: 34 }

/** One page as imported (ids `p<n>`, all at the root of its space) and as the raw engines index it. */
export interface CorpusPage extends ImportedPage {
  readonly id: string
  readonly title: string
  readonly markdown: string
}

export interface CorpusSpace {
  /** 0-based; the raw engines' `space_id` is `s<index>`, Quire's the id the space was created with. */
  readonly index: number
  readonly title: string
  readonly pages: ReadonlyArray<CorpusPage>
}

/** mulberry32: small, fast, and the same numbers for the same seed everywhere. */
export const prng = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VOCABULARY_SIZE = 20_000
/** Syllables of the generated words: none of the planted words below can be made from them. */
const ONSETS = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "kl", "pl", "st", "tr"]
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ou"]
const CODAS = ["", "", "n", "r", "s", "l", "m"]

/** The most common word: rank 1 of the Zipf distribution, on every page. */
export const COMMON_WORD = "the"

/** Generated words, most frequent first; rank 1 is `COMMON_WORD`, the rest made of syllables, all distinct. */
const vocabulary = (random: () => number): ReadonlyArray<string> => {
  const words = new Set<string>([COMMON_WORD])
  const pick = <A>(list: ReadonlyArray<A>) => list[Math.floor(random() * list.length)]!
  while (words.size < VOCABULARY_SIZE) {
    const syllables = 1 + Math.floor(random() * 2) + (words.size > 2_000 ? 1 : 0)
    let word = ""
    for (let s = 0; s < syllables; s++) word += pick(ONSETS) + pick(VOWELS) + pick(CODAS)
    words.add(word)
  }
  return [...words]
}

/** Cumulative Zipf (s = 1) weights over the ranks, for sampling by binary search. */
const zipfCdf = (size: number): Float64Array => {
  const cdf = new Float64Array(size)
  let sum = 0
  for (let rank = 1; rank <= size; rank++) {
    sum += 1 / rank
    cdf[rank - 1] = sum
  }
  for (let i = 0; i < size; i++) cdf[i]! /= sum
  return cdf
}

const sampleRank = (cdf: Float64Array, u: number): number => {
  let lo = 0
  let hi = cdf.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cdf[mid]! < u) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Planted words and phrases, each in a known share of the pages. */
export const PLANTED = {
  rare: "quokka",
  /** In ~1% of pages. */
  medium: "lantern",
  phrase: "blue harbor gateway",
  /** Words of `prefix` pages: `synchro` finds them all. */
  prefixWords: ["synchronize", "synchronous", "synchronization"],
  accented: ["café", "naïve", "résumé", "Zürich", "façade"],
  code: ["getUserById", "snake_case_name", "HTTP_STATUS", "parseJSON()"],
  cjkSubstring: "東京"
} as const

/** Pages (of the whole corpus, by global index) the rare word is planted in. */
const RARE_PAGES = 3
const MEDIUM_SHARE = 0.01
const PHRASE_SHARE = 0.005
const PREFIX_SHARE = 0.02
const ACCENTED_SHARE = 0.05
const CJK_SHARE = 0.03
const CODE_SHARE = 0.02

/** CJK characters sentences are made of (the substring's two among them). */
const CJK_CHARS = [..."東京大阪日本語文書検索設定管理画面利用者情報変更保存削除確認表示一覧詳細作成更新開始終了時間場所会議資料報告計画予定結果問題解決方法説明追加機能"]

export interface QueryClass {
  readonly name: string
  /** What a person types; several are measured in turn. */
  readonly queries: ReadonlyArray<string>
  /** The issue names it as a class the naive raw engine is slow at: where it is, the bar is to beat it (`bars.ts`). */
  readonly slowWhereNaive: boolean
}

/**
 * The classes of the bar. Two-word and three-word queries and the phrase use words of
 * the Zipf vocabulary's middle ranks, so they match in many sections but not all.
 */
export const queryClasses = (words: ReadonlyArray<string>): ReadonlyArray<QueryClass> => [
  { name: "rare", queries: [PLANTED.rare], slowWhereNaive: false },
  { name: "medium", queries: [PLANTED.medium], slowWhereNaive: false },
  { name: "common", queries: [COMMON_WORD], slowWhereNaive: true },
  { name: "twoWords", queries: [`${words[30]} ${words[120]}`], slowWhereNaive: false },
  { name: "threeWords", queries: [`${words[30]} ${words[120]} ${words[400]}`], slowWhereNaive: false },
  { name: "phrase", queries: [`"${PLANTED.phrase}"`], slowWhereNaive: false },
  { name: "prefix", queries: ["synchro"], slowWhereNaive: false },
  { name: "accent", queries: ["cafe"], slowWhereNaive: false },
  { name: "cjk", queries: [PLANTED.cjkSubstring], slowWhereNaive: true },
  { name: "code", queries: ["getUserById"], slowWhereNaive: false },
  { name: "hostile", queries: ['NEAR("a" b) OR * -x ^ :', `"unclosed ${PLANTED.medium}`], slowWhereNaive: false }
]

export interface Corpus {
  readonly spaces: ReadonlyArray<CorpusSpace>
  readonly classes: ReadonlyArray<QueryClass>
  readonly pageCount: number
  /** The space the space-scoped queries search: the one holding the first page with the rare word. */
  readonly focusSpace: number
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** The whole corpus; about 1 s for 20,000 pages. */
export const generateCorpus = (options: CorpusOptions = DEFAULT_CORPUS): Corpus => {
  const random = prng(options.seed ?? 34)
  const words = vocabulary(random)
  const cdf = zipfCdf(words.length)
  const word = () => words[sampleRank(cdf, random())]!
  const wordsOf = (n: number) => Array.from({ length: n }, word)
  const pageCount = options.spaces * options.pagesPerSpace
  const rarePages = new Set<number>()
  while (rarePages.size < Math.min(RARE_PAGES, pageCount)) rarePages.add(Math.floor(random() * pageCount))

  const cjkSentence = (withSubstring: boolean) => {
    const chars = Array.from({ length: 12 + Math.floor(random() * 12) }, () => CJK_CHARS[Math.floor(random() * CJK_CHARS.length)]!)
    if (withSubstring) chars.splice(Math.floor(random() * chars.length), 0, PLANTED.cjkSubstring)
    return `${chars.join("")}。`
  }

  /** A paragraph of Zipf words with some of the planted ones spliced in at random places. */
  const paragraph = (planted: ReadonlyArray<string>) => {
    const out = wordsOf(20 + Math.floor(random() * 30))
    for (const p of planted) out.splice(Math.floor(random() * (out.length + 1)), 0, p)
    out[0] = capitalize(out[0]!)
    return `${out.join(" ")}.`
  }

  const page = (global: number, local: number): CorpusPage => {
    const planted: Array<string> = []
    if (rarePages.has(global)) planted.push(PLANTED.rare)
    if (random() < MEDIUM_SHARE) planted.push(PLANTED.medium)
    if (random() < PHRASE_SHARE) planted.push(PLANTED.phrase)
    if (random() < PREFIX_SHARE) planted.push(PLANTED.prefixWords[Math.floor(random() * PLANTED.prefixWords.length)]!)
    if (random() < ACCENTED_SHARE) planted.push(...PLANTED.accented.filter(() => random() < 0.6), "café")
    if (random() < CODE_SHARE) planted.push(`\`${PLANTED.code[Math.floor(random() * PLANTED.code.length)]}\``)
    // The phrase's words also appear apart, so the phrase is more than its words.
    if (random() < PHRASE_SHARE * 2) planted.push("harbor", "gateway")
    const cjk = random() < CJK_SHARE
    const sections = 2 + Math.floor(random() * 3)
    // Each planted word goes into the lead or one of the sections.
    const into: Array<Array<string>> = Array.from({ length: sections + 1 }, () => [])
    for (const p of planted) into[Math.floor(random() * into.length)]!.push(p)
    const parts = [paragraph(into[0]!)]
    if (cjk) parts.push(cjkSentence(random() < 0.5) + cjkSentence(random() < 0.3))
    for (let s = 1; s <= sections; s++) {
      parts.push(`## ${capitalize(wordsOf(2 + Math.floor(random() * 2)).join(" "))}`)
      parts.push(paragraph(into[s]!))
      if (random() < 0.5) parts.push(paragraph([]))
      if (cjk && random() < 0.5) parts.push(cjkSentence(false))
      if (random() < 0.03) parts.push(`\`\`\`ts\nconst user = await ${PLANTED.code[Math.floor(random() * PLANTED.code.length)]}(id)\n\`\`\``)
    }
    // Titles are Zipf words and repeat ("The the the"): the slug is the page's number.
    return { id: `p${local}`, slug: `page-${local}`, title: capitalize(wordsOf(3).join(" ")), markdown: `${parts.join("\n\n")}\n` }
  }

  const spaces: Array<CorpusSpace> = []
  for (let s = 0; s < options.spaces; s++) {
    const pages: Array<CorpusPage> = []
    for (let p = 0; p < options.pagesPerSpace; p++) pages.push(page(s * options.pagesPerSpace + p, p))
    spaces.push({ index: s, title: `Search ${String(s).padStart(3, "0")}`, pages })
  }
  return { spaces, classes: queryClasses(words), pageCount, focusSpace: Math.floor(Math.min(...rarePages) / options.pagesPerSpace) }
}

/** A section as both raw engines index it: the page's lead (heading = title) or one `## ` section. */
export interface RawSection {
  readonly spaceId: string
  readonly pageId: string
  readonly anchor: string
  readonly title: string
  readonly heading: string
  readonly body: string
}

export const rawSpaceId = (space: CorpusSpace) => `s${space.index}`

/** Every section of the corpus, split at `## ` headings. */
export function* rawSections(corpus: Corpus): Generator<RawSection> {
  for (const space of corpus.spaces) {
    const spaceId = rawSpaceId(space)
    for (const page of space.pages) {
      const chunks = page.markdown.split(/^## /m)
      yield { spaceId, pageId: page.id, anchor: "", title: page.title, heading: page.title, body: chunks[0]!.trim() }
      for (const chunk of chunks.slice(1)) {
        const newline = chunk.indexOf("\n")
        const heading = chunk.slice(0, newline).trim()
        yield {
          spaceId,
          pageId: page.id,
          anchor: heading.toLowerCase().replaceAll(/\s+/g, "-"),
          title: page.title,
          heading,
          body: chunk.slice(newline + 1).trim()
        }
      }
    }
  }
}
