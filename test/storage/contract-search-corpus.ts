import type { IndexedSection, SearchTerm } from "@quire/core"
import { tokenText } from "../../packages/core/src/content/search/searchTokens.js"

/** A page's lead, as the core writes it: the page's title is its heading, no heading terms. */
export const lead = (pageId: string, title: string, body: string): IndexedSection => ({
  pageId,
  anchor: "",
  heading: title,
  body,
  terms: { title: tokenText(title), heading: "", body: tokenText(body) }
})

/** A section under a heading of a page titled `title`. */
export const headed = (pageId: string, title: string, anchor: string, heading: string, body: string): IndexedSection => ({
  pageId,
  anchor,
  heading,
  body,
  terms: { title: tokenText(title), heading: tokenText(heading), body: tokenText(body) }
})

export const word = (token: string, prefix = false): SearchTerm => ({ _tag: "Word", token, prefix })
export const phrase = (...tokens: Array<string>): SearchTerm => ({ _tag: "Phrase", tokens })

/** 64 characters: the longest token the core indexes. */
export const LONG_TOKEN = "abcdefghij".repeat(6) + "wxyz"

/** The corpus's first space: every kind of text the tokens come from. */
export const CORPUS_A: ReadonlyArray<{ readonly pageId: string; readonly sections: ReadonlyArray<IndexedSection> }> = [
  {
    pageId: "intro",
    sections: [
      lead("intro", "Getting started", "Welcome to the guide. Install the CLI, then run it."),
      headed("intro", "Getting started", "installing", "Installing", "Run npm install: the quick start.")
    ]
  },
  { pageId: "setup", sections: [lead("setup", "Setup", "Installing plugins is optional.")] },
  { pageId: "cafe", sections: [lead("cafe", "Café menu", "Crème brûlée, café au lait: served daily.")] },
  { pageId: "japanese", sections: [lead("japanese", "日本語のテキスト", "東京都に住んでいます。")] },
  {
    pageId: "code",
    sections: [
      lead("code", "API reference", "Every call of the client."),
      headed("code", "API reference", "get-user", "getUserById", "Call getUserById(id), or the snake_case helpers.")
    ]
  },
  { pageId: "operators", sections: [lead("operators", "Operators", "NEAR AND OR NOT, and then near and not: plain words.")] },
  { pageId: "long", sections: [lead("long", "Hashes", `The digest ${LONG_TOKEN} is kept.`)] },
  {
    pageId: "fields",
    sections: [headed("fields", "Alpha omega", "beta-gamma", "Beta gamma", "Delta epsilon.")]
  }
]

/** The second space: some of the same words, so that a search of one space shows none of the other's. */
export const CORPUS_B: ReadonlyArray<{ readonly pageId: string; readonly sections: ReadonlyArray<IndexedSection> }> = [
  { pageId: "app", sections: [lead("app", "Mobile app", "Install the café app, then the CLI.")] },
  { pageId: "tokyo", sections: [lead("tokyo", "東京", "東京の地図。")] }
]

/**
 * Queries and the pages that match them, as "a:<page>" or "b:<page>", written out by hand from
 * the texts above (searched in both spaces): the same on every adapter.
 */
export const CORPUS_QUERIES: ReadonlyArray<{
  readonly name: string
  readonly terms: ReadonlyArray<SearchTerm>
  readonly pages: ReadonlyArray<string>
}> = [
  { name: "a word", terms: [word("install")], pages: ["a:intro", "b:app"] },
  { name: "a word is not a prefix", terms: [word("instal")], pages: [] },
  { name: "a prefix", terms: [word("instal", true)], pages: ["a:intro", "a:setup", "b:app"] },
  { name: "a prefix of two characters", terms: [word("ca", true)], pages: ["a:cafe", "a:code", "b:app"] },
  { name: "a whole word as a prefix", terms: [word("installing", true)], pages: ["a:intro", "a:setup"] },
  { name: "a title word", terms: [word("started")], pages: ["a:intro"] },
  { name: "an accented word, folded", terms: [word("cafe")], pages: ["a:cafe", "b:app"] },
  { name: "a capitalized accented word", terms: [word("creme")], pages: ["a:cafe"] },
  { name: "a phrase", terms: [phrase("cafe", "au", "lait")], pages: ["a:cafe"] },
  { name: "a phrase in the wrong order", terms: [phrase("au", "cafe")], pages: [] },
  { name: "words out of order", terms: [word("lait"), word("creme")], pages: ["a:cafe"] },
  { name: "a CJK phrase of two characters", terms: [phrase("東", "京")], pages: ["a:japanese", "b:tokyo"] },
  { name: "a CJK phrase reversed", terms: [phrase("京", "東")], pages: [] },
  { name: "a CJK character", terms: [word("語")], pages: ["a:japanese"] },
  { name: "a katakana phrase", terms: [phrase("テ", "キ", "ス", "ト")], pages: ["a:japanese"] },
  { name: "CJK characters apart", terms: [word("都"), word("住")], pages: ["a:japanese"] },
  { name: "a code identifier", terms: [word("getuserbyid")], pages: ["a:code"] },
  { name: "a prefix of a code identifier", terms: [word("getuser", true)], pages: ["a:code"] },
  { name: "snake_case as a phrase", terms: [phrase("snake", "case")], pages: ["a:code"] },
  { name: "FTS5's NEAR", terms: [word("near")], pages: ["a:operators"] },
  { name: "FTS5's operators as words", terms: [word("and"), word("or"), word("not")], pages: ["a:operators"] },
  { name: "operators as a phrase", terms: [phrase("near", "and", "or", "not")], pages: ["a:operators"] },
  { name: "operators as a prefix", terms: [word("no", true), word("ne", true)], pages: ["a:operators"] },
  { name: "a common word", terms: [word("the")], pages: ["a:intro", "a:code", "a:long", "b:app"] },
  { name: "a 64-character token", terms: [word(LONG_TOKEN)], pages: ["a:long"] },
  { name: "a prefix of the 64-character token", terms: [word("abcdefghij", true)], pages: ["a:long"] },
  { name: "title and body of one section", terms: [word("alpha"), word("delta")], pages: ["a:fields"] },
  { name: "words in two sections of a page only", terms: [word("welcome"), word("quick")], pages: [] },
  { name: "title words in every section", terms: [word("getting"), word("quick")], pages: ["a:intro"] },
  { name: "a phrase in the title", terms: [phrase("alpha", "omega")], pages: ["a:fields"] },
  { name: "a phrase across title and heading", terms: [phrase("omega", "beta")], pages: [] },
  { name: "a phrase across heading and body", terms: [phrase("gamma", "delta")], pages: [] },
  { name: "a word and a phrase", terms: [word("served"), phrase("au", "lait")], pages: ["a:cafe"] },
  { name: "a word nowhere", terms: [word("install"), word("zebra")], pages: [] },
  { name: "a word and a prefix", terms: [word("creme"), word("lai", true)], pages: ["a:cafe"] },
  { name: "a word and a prefix, in the other space", terms: [word("install"), word("ap", true)], pages: ["b:app"] }
]
