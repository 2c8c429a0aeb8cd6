import {
  MAX_SECTIONS_PER_PAGE,
  type OrganizationId,
  type PageHit,
  type RevisionId,
  SearchIndex,
  type SearchTerm,
  type SpaceId,
  SpaceRepository
} from "@quire/core"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { at, makeSpace, newId, type StorageLayer, storedSpace } from "./contract-fixtures.js"
import { CORPUS_A, CORPUS_B, CORPUS_QUERIES, headed, lead, phrase, word } from "./contract-search-corpus.js"

const ALL = { offset: 0, limit: 1000 }

/** A word no other test writes: the index is shared by every test on one database. */
const uniqueWord = (): string => newId().toLowerCase()

const search = (terms: ReadonlyArray<SearchTerm>, spaceIds: ReadonlyArray<SpaceId>, window = ALL) =>
  Effect.flatMap(SearchIndex, (index) => index.search({ terms }, spaceIds, window))

/** The pages of the hits, sorted: what every adapter must agree on. */
const pageIds = (hits: ReadonlyArray<PageHit>): Array<string> => hits.map((hit) => hit.pageId).sort()

/** The ids of the pages of `spaceIds` with `token`, sorted. */
const pagesWith = (token: string, spaceIds: ReadonlyArray<SpaceId>) => Effect.map(search([word(token)], spaceIds), pageIds)

/** A page whose one section (its lead) has `words` in its body. */
const pageOf = (pageId: string, ...words: Array<string>) => ({ pageId, sections: [lead(pageId, "Page", words.join(" "))] })

const revision = () => newId<RevisionId>()

export const searchContract = (storage: StorageLayer) =>
  describe("SearchIndex", () => {
    layer(storage, { excludeTestServices: true })((it) => {
      it.effect("a space has no indexed revision before its first change, and the last one applied after", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaceId = yield* storedSpace
          const [first, second] = [revision(), revision()]
          expect(yield* index.indexedRevision(spaceId)).toStrictEqual(Option.none())
          yield* index.apply({ spaceId, revisionId: first, replaceAll: true, removedPages: [], pages: [] })
          expect(yield* index.indexedRevision(spaceId)).toStrictEqual(Option.some(first))
          yield* index.apply({ spaceId, revisionId: second, replaceAll: false, removedPages: [], pages: [] })
          expect(yield* index.indexedRevision(spaceId)).toStrictEqual(Option.some(second))
        })
      )

      it.effect("a change removes pages, rewrites pages whole, adds pages, and replaceAll drops every other page", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaceId = yield* storedSpace
          const [old, fresh, kept] = [uniqueWord(), uniqueWord(), uniqueWord()]
          yield* index.apply({
            spaceId,
            revisionId: revision(),
            replaceAll: true,
            removedPages: [],
            pages: [pageOf("p1", old, kept), pageOf("p2", old, kept), pageOf("p3", old, kept), pageOf("p4", old, kept)]
          })
          expect(yield* pagesWith(old, [spaceId])).toStrictEqual(["p1", "p2", "p3", "p4"])

          yield* index.apply({
            spaceId,
            revisionId: revision(),
            replaceAll: false,
            removedPages: ["p1", "missing"],
            // p3 listed with no section is removed; p5 is new.
            pages: [pageOf("p2", fresh), { pageId: "p3", sections: [] }, pageOf("p5", fresh, kept)]
          })
          expect(yield* pagesWith(old, [spaceId])).toStrictEqual(["p4"])
          expect(yield* pagesWith(fresh, [spaceId])).toStrictEqual(["p2", "p5"])
          expect(yield* pagesWith(kept, [spaceId])).toStrictEqual(["p4", "p5"])

          // A page listed twice is written as its last listing.
          yield* index.apply({
            spaceId,
            revisionId: revision(),
            replaceAll: false,
            removedPages: [],
            pages: [pageOf("p4", fresh), pageOf("p4", kept)]
          })
          expect(yield* pagesWith(fresh, [spaceId])).toStrictEqual(["p2", "p5"])
          expect(yield* pagesWith(kept, [spaceId])).toStrictEqual(["p4", "p5"])

          yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: [pageOf("p6", kept)] })
          expect(yield* pagesWith(fresh, [spaceId])).toStrictEqual([])
          expect(yield* pagesWith(kept, [spaceId])).toStrictEqual(["p6"])
        })
      )

      it.effect("a copy makes the target's sections and indexed revision those of the source, and leaves the source", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const [from, to, unindexed] = [yield* storedSpace, yield* storedSpace, yield* storedSpace]
          const [shared, stale] = [uniqueWord(), uniqueWord()]
          const revisionId = revision()
          const pages = [pageOf("a", shared), { pageId: "b", sections: [lead("b", "Bee", shared), headed("b", "Bee", "h", "Aitch", shared)] }]
          yield* index.apply({ spaceId: from, revisionId, replaceAll: true, removedPages: [], pages })
          yield* index.apply({ spaceId: to, revisionId: revision(), replaceAll: true, removedPages: [], pages: [pageOf("c", stale)] })

          yield* index.copy(from, to)

          expect(yield* index.indexedRevision(to)).toStrictEqual(Option.some(revisionId))
          const copied = yield* search([word(shared)], [to])
          expect(copied.map((hit) => [hit.spaceId, hit.pageId])).toStrictEqual(
            expect.arrayContaining([
              [to, "a"],
              [to, "b"]
            ])
          )
          expect(copied).toHaveLength(2)
          expect(copied.find((hit) => hit.pageId === "b")!.sections.map((s) => s.anchor).sort()).toStrictEqual(["", "h"])
          expect(yield* pagesWith(stale, [to])).toStrictEqual([])
          expect(yield* pagesWith(shared, [from])).toStrictEqual(["a", "b"])
          expect(yield* index.indexedRevision(from)).toStrictEqual(Option.some(revisionId))

          // A copy of a space never indexed leaves the target with nothing, and no indexed revision.
          yield* index.copy(unindexed, to)
          expect(yield* index.indexedRevision(to)).toStrictEqual(Option.none())
          expect(yield* pagesWith(shared, [to])).toStrictEqual([])
        })
      )

      it.effect("stale lists the live spaces not indexed at their revision, with that revision, at most limit", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaces = yield* SpaceRepository
          const organizationId = newId<OrganizationId>()
          const never = makeSpace(organizationId)
          const current = makeSpace(organizationId)
          const behind = makeSpace(organizationId)
          const deleted = makeSpace(organizationId, { deletedAt: at(5) })
          for (const space of [never, current, behind, deleted]) yield* spaces.insert(space)
          yield* index.apply({ spaceId: current.id, revisionId: current.revisionId, replaceAll: true, removedPages: [], pages: [] })
          yield* index.apply({ spaceId: behind.id, revisionId: revision(), replaceAll: true, removedPages: [], pages: [] })

          const ours = new Set<string>([never.id, current.id, behind.id, deleted.id])
          const staleOfOurs = Effect.map(index.stale(1_000_000), (stale) =>
            stale.filter((s) => ours.has(s.spaceId)).sort((a, b) => (a.spaceId < b.spaceId ? -1 : 1))
          )
          const expected = (...list: Array<typeof never>) =>
            list.map((s) => ({ spaceId: s.id, revisionId: s.revisionId })).sort((a, b) => (a.spaceId < b.spaceId ? -1 : 1))
          expect(yield* staleOfOurs).toStrictEqual(expected(never, behind))

          // The space moves on: it is stale again, at its new revision; indexing it there makes it current.
          const moved = { ...current, revisionId: revision() }
          yield* spaces.update(moved)
          expect(yield* staleOfOurs).toStrictEqual(expected(never, behind, moved))
          yield* index.apply({ spaceId: moved.id, revisionId: moved.revisionId, replaceAll: false, removedPages: [], pages: [] })
          expect(yield* staleOfOurs).toStrictEqual(expected(never, behind))

          expect((yield* index.stale(1)).length).toBe(1)
          expect(yield* index.stale(0)).toStrictEqual([])
        })
      )

      it.effect("purging a space removes its sections and its indexed revision, and no other space's", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaces = yield* SpaceRepository
          const gone = makeSpace(newId<OrganizationId>())
          const kept = yield* storedSpace
          yield* spaces.insert(gone)
          const shared = uniqueWord()
          for (const spaceId of [gone.id, kept]) {
            yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: [pageOf("p", shared)] })
          }

          yield* spaces.purge(gone.id)

          expect(yield* index.indexedRevision(gone.id)).toStrictEqual(Option.none())
          expect(yield* pagesWith(shared, [gone.id, kept])).toStrictEqual(["p"])
          // The same space made again starts with an empty index.
          yield* spaces.insert(gone)
          expect(yield* pagesWith(shared, [gone.id])).toStrictEqual([])
          expect(yield* index.indexedRevision(gone.id)).toStrictEqual(Option.none())
        })
      )

      it.effect("a search answers only from the spaces asked for; none asked, nothing", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const [a, b, c] = [yield* storedSpace, yield* storedSpace, yield* storedSpace]
          const shared = uniqueWord()
          for (const spaceId of [a, b, c]) {
            yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: [pageOf(`in-${spaceId}`, shared)] })
          }
          const spacesOf = (hits: ReadonlyArray<PageHit>) => hits.map((hit) => hit.spaceId).sort()
          expect(spacesOf(yield* search([word(shared)], [a]))).toStrictEqual([a])
          expect(spacesOf(yield* search([word(shared)], [a, c]))).toStrictEqual([a, c].sort())
          for (const hit of yield* search([word(shared)], [b])) expect(hit.pageId).toBe(`in-${b}`)
          expect(yield* search([word(shared)], [])).toStrictEqual([])
          expect(yield* search([word(shared)], [newId<SpaceId>()])).toStrictEqual([])
          expect(yield* search([], [a, b, c])).toStrictEqual([])
        })
      )

      it.effect("the fixture corpus: each query matches the pages written out for it, on every adapter", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const [a, b] = [yield* storedSpace, yield* storedSpace]
          yield* index.apply({ spaceId: a, revisionId: revision(), replaceAll: true, removedPages: [], pages: CORPUS_A })
          yield* index.apply({ spaceId: b, revisionId: revision(), replaceAll: true, removedPages: [], pages: CORPUS_B })
          const label = (hit: PageHit) => `${hit.spaceId === a ? "a" : hit.spaceId === b ? "b" : "?"}:${hit.pageId}`
          for (const query of CORPUS_QUERIES) {
            const hits = yield* search(query.terms, [a, b])
            expect({ query: query.name, pages: hits.map(label).sort() }).toStrictEqual({
              query: query.name,
              pages: [...query.pages].sort()
            })
            // One space is searched its own way on Postgres (its rows, not the index, for a prefix among several terms).
            for (const [space, name] of [[a, "a"], [b, "b"]] as const) {
              const inSpace = yield* search(query.terms, [space])
              expect({ query: query.name, space: name, pages: inSpace.map(label).sort() }).toStrictEqual({
                query: query.name,
                space: name,
                pages: query.pages.filter((page) => page.startsWith(`${name}:`)).sort()
              })
            }
          }
          // Only the space asked for.
          expect((yield* search([word("install")], [b])).map(label)).toStrictEqual(["b:app"])
        })
      )

      it.effect("a hit carries the original texts of its sections; a title match ranks above a body match", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaceId = yield* storedSpace
          const [target, filler] = [uniqueWord(), uniqueWord()]
          const inTitle = headed("in-title", `${target} ${filler}`, "x", "Heading one", `${filler} ${filler} ${filler}`)
          const inBody = headed("in-body", `${filler} ${filler}`, "x", "Heading one", `${filler} ${filler} ${target}`)
          yield* index.apply({
            spaceId,
            revisionId: revision(),
            replaceAll: true,
            removedPages: [],
            pages: [
              { pageId: "in-title", sections: [inTitle] },
              { pageId: "in-body", sections: [inBody] }
            ]
          })
          const hits = yield* search([word(target)], [spaceId])
          expect(hits.map((hit) => hit.pageId)).toStrictEqual(["in-title", "in-body"])
          expect(hits[0]!.sections).toStrictEqual([
            { anchor: "x", heading: "Heading one", body: inTitle.body, score: hits[0]!.score }
          ])
          expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
        })
      )

      it.effect("a page carries its best matching sections, at most MAX_SECTIONS_PER_PAGE, best first then by anchor", () =>
        Effect.gen(function* () {
          const index = yield* SearchIndex
          const spaceId = yield* storedSpace
          const target = uniqueWord()
          const sections = [
            lead("many", "Widgets", "No match here."),
            headed("many", "Widgets", "e", "Five", `${target} once in a long body of several plain words`),
            headed("many", "Widgets", "b", "Two", `${target} ${target}`),
            headed("many", "Widgets", "d", "Four", `${target}`),
            headed("many", "Widgets", "a", target, `${target} ${target} ${target}`),
            headed("many", "Widgets", "c", "Three", "no match either")
          ]
          yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: [{ pageId: "many", sections }] })
          const [hit, ...rest] = yield* search([word(target)], [spaceId])
          expect(rest).toStrictEqual([])
          expect(hit!.sections).toHaveLength(MAX_SECTIONS_PER_PAGE)
          expect(hit!.score).toBe(hit!.sections[0]!.score)
          // The heading and the most occurrences: the best section on every engine.
          expect(hit!.sections[0]!.anchor).toBe("a")
          for (let i = 1; i < hit!.sections.length; i++) {
            const [before, after] = [hit!.sections[i - 1]!, hit!.sections[i]!]
            expect(before.score > after.score || (before.score === after.score && before.anchor < after.anchor)).toBe(true)
          }
          for (const section of hit!.sections) {
            const written = sections.find((s) => s.anchor === section.anchor)!
            expect(["a", "b", "d", "e"]).toContain(section.anchor)
            expect([section.heading, section.body]).toStrictEqual([written.heading, written.body])
          }
        })
      )

      it.effect("windows of the pages concatenate to the whole answer, in its order, each page once", () =>
        Effect.gen(function* () {
          const [a, b] = [yield* storedSpace, yield* storedSpace]
          const index = yield* SearchIndex
          const target = uniqueWord()
          // Many equal scores: the order among them is space id, then page id.
          for (const spaceId of [a, b]) {
            const pages = Array.from({ length: 7 }, (_, i) => pageOf(`p${i % 3}-${i}`, target, ...Array.from({ length: i % 3 }, () => "pad")))
            yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages })
          }
          const whole = yield* search([word(target)], [a, b])
          expect(whole).toHaveLength(14)
          for (let i = 1; i < whole.length; i++) {
            const [before, after] = [whole[i - 1]!, whole[i]!]
            const tieOrdered = before.spaceId < after.spaceId || (before.spaceId === after.spaceId && before.pageId < after.pageId)
            expect(before.score > after.score || (before.score === after.score && tieOrdered)).toBe(true)
          }
          for (const size of [1, 3, 5]) {
            const windows: Array<PageHit> = []
            for (let offset = 0; offset < whole.length + size; offset += size) {
              windows.push(...(yield* search([word(target)], [a, b], { offset, limit: size })))
            }
            expect(windows).toStrictEqual(whole)
          }
          expect(yield* search([word(target)], [a, b], { offset: 14, limit: 5 })).toStrictEqual([])
        })
      )

      it.effect("a section of more distinct words than a Postgres tsvector holds is written, its first words found", () =>
        Effect.gen(function* () {
          const spaceId = yield* storedSpace
          const index = yield* SearchIndex
          // 20,000 distinct words of 60 characters: 1.2 MB, over Postgres' 1 MB of lexemes.
          const words = Array.from({ length: 20_000 }, (_, i) => `${i.toString(36).padStart(8, "0")}${"q".repeat(52)}`)
          const first = uniqueWord()
          const page = { pageId: "dump", sections: [lead("dump", "Dump", `${first} ${words.join(" ")}`)] }
          yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: [page] })
          expect(yield* pagesWith(first, [spaceId])).toStrictEqual(["dump"])
          expect(yield* pagesWith(words[0]!, [spaceId])).toStrictEqual(["dump"])
        })
      )

      it.effect("tokens holding an engine's syntax are literals: the search answers, and fails nothing", () =>
        Effect.gen(function* () {
          const spaceId = yield* storedSpace
          const index = yield* SearchIndex
          yield* index.apply({ spaceId, revisionId: revision(), replaceAll: true, removedPages: [], pages: CORPUS_A })
          const hostile = ['"', "'", "\\", "*", ":", "(", ")", "-", "^", "&", "|", "!", "<->", "near(", 'a"b', "it's", ""]
          for (const token of hostile) {
            const terms = [word(token), word(token, true), phrase(token, "and"), phrase("near", token)]
            for (const term of terms) {
              expect(Array.isArray(yield* search([term], [spaceId]))).toBe(true)
            }
          }
          // An empty token (the core makes none) matches nothing, even as a prefix or next to a word that matches.
          expect(yield* search([word("", true)], [spaceId])).toStrictEqual([])
          expect(yield* search([word("near"), phrase("near", "")], [spaceId])).toStrictEqual([])
        })
      )
    })
  })
