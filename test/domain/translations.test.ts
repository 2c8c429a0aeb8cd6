import { describe, expect, it } from "@effect/vitest"
import {
  Events,
  MAX_TRANSLATION_LANGUAGES,
  MAX_TRANSLATION_TITLE_LENGTH,
  type OrganizationId,
  type TranslationId,
  TranslationRepository,
  Translations,
  type UserRecord
} from "@quire/core"
import { Effect, Layer } from "effect"
import { as, expectBadLimits, expectWalk, failure, newOrganization, newWorld, peopleLayer } from "../support/people.js"

const layer = Translations.Default.pipe(Layer.provideMerge(peopleLayer))

const test = <A, E>(name: string, body: () => Effect.Effect<A, E, any>) =>
  it.effect(name, () => Effect.provide(body(), layer) as Effect.Effect<A, E>)

/** What storage holds for the organization's translations, and how many events there are: to check nothing was written. */
const stored = (org: OrganizationId) =>
  Effect.gen(function* () {
    const rows = yield* (yield* TranslationRepository).list(org, { after: undefined, limit: 100_000 })
    const events = yield* (yield* Events).readAfter(0, 100_000)
    return { rows: rows.rows, events: events.length }
  })

const eventsAfter = (sequence: number) => Effect.flatMap(Events, (events) => events.readAfter(sequence, 100_000))
const lastSequence = Effect.map(eventsAfter(0), (events) => events.at(-1)?.sequence ?? 0)

const newTranslation = (org: OrganizationId, admin: UserRecord, title = "Docs", languages?: ReadonlyArray<string>) =>
  Effect.map(
    Effect.flatMap(Translations, (translations) => as(admin)(translations.create(org, { title, languages }))),
    (created) => created.id as TranslationId
  )

describe("Translations", () => {
  test("an admin creates translation settings in the seed's shape, languages canonical and without duplicates", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const before = yield* lastSequence
      const created = yield* as(w.admin)(
        translations.create(w.org, { title: "Docs", languages: ["fr", "EN-us", "zh-hant-tw", "en-US", "FR"] })
      )
      expect(created).toEqual({
        object: "translation-settings",
        id: expect.any(String),
        title: "Docs",
        languages: ["fr", "en-US", "zh-Hant-TW"],
        createdAt: expect.any(String),
        updatedAt: created.createdAt,
        permissions: { view: true, edit: true },
        urls: { location: `http://quire.test/v1/orgs/${w.org}/translations/${created.id}` }
      })
      expect(yield* as(w.admin)(translations.get(w.org, created.id))).toEqual(created)
      expect((yield* as(w.admin)(translations.create(w.org, { title: "Bare" }))).languages).toEqual([])
      const events = yield* eventsAfter(before)
      expect(events.map((e) => [e.type, e.payload, e.actor, e.spaceId])).toEqual([
        ["translation.created", { translation: created.id }, w.admin.id, null],
        ["translation.created", { translation: expect.any(String) }, w.admin.id, null]
      ])
    }))

  test("every member reads with its permissions; only admins write (Forbidden naming the action); outsiders NotFound", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const id = yield* newTranslation(w.org, w.admin, "Docs", ["de"])
      for (const [user, admin] of [
        [w.admin, true],
        [w.creator, false],
        [w.editor, false],
        [w.reader, false],
        [w.guest, false]
      ] as const) {
        const seen = yield* as(user)(translations.get(w.org, id))
        expect(seen.permissions, user.displayName).toEqual({ view: true, edit: admin })
        const page = yield* as(user)(translations.list(w.org, {}))
        expect(page.items.map((t) => [t.id, t.permissions.edit])).toEqual([[id, admin]])
        if (admin) continue
        const before = yield* stored(w.org)
        for (const [write, action] of [
          [translations.create(w.org, { title: "Mine" }), "create translations"],
          [translations.update(w.org, id, { title: "Mine" }), "change this translation"],
          [translations.remove(w.org, id), "delete translations"],
          [translations.remove(w.org, "unknownTranslation0" as TranslationId), "delete translations"]
        ] as const) {
          const error = yield* failure(as(user)(write as Effect.Effect<unknown, any, any>))
          expect(error._tag, `${user.displayName}: ${action}`).toBe("Forbidden")
          expect(error.message).toContain(action)
        }
        expect(yield* stored(w.org)).toEqual(before)
      }
      for (const call of [
        translations.list(w.org, {}),
        translations.get(w.org, id),
        translations.create(w.org, { title: "Mine" }),
        translations.update(w.org, id, { title: "Mine" }),
        translations.remove(w.org, id)
      ] as ReadonlyArray<Effect.Effect<unknown, any, any>>) {
        expect((yield* failure(as(w.outsider)(call)))._tag).toBe("NotFound")
      }
      expect((yield* as(w.admin)(translations.get(w.org, id))).title).toBe("Docs")
    }))

  test("bad input is InvalidInput naming the field, and writes nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const id = yield* newTranslation(w.org, w.admin, "Docs", ["de"])
      const before = yield* stored(w.org)
      const cases: Array<[unknown, string]> = [
        [{}, "title"],
        [{ title: "" }, "title"],
        [{ title: "x".repeat(MAX_TRANSLATION_TITLE_LENGTH + 1) }, "title"],
        [{ title: 5 }, "title"],
        [{ title: "T", languages: "fr" }, "languages"],
        [{ title: "T", languages: ["fr", "not a tag"] }, "languages[1]"],
        [{ title: "T", languages: ["en_US"] }, "languages[0]"],
        [{ title: "T", languages: [""] }, "languages[0]"],
        [{ title: "T", languages: ["fr", 7] }, "languages[1]"],
        [{ title: "T", languages: [`en-x-${"abcdefgh-".repeat(8)}a`] }, "languages[0]"],
        [{ title: "T", languages: Array.from({ length: MAX_TRANSLATION_LANGUAGES + 1 }, () => "fr") }, "languages"]
      ]
      for (const [input, field] of cases) {
        const created = yield* failure(as(w.admin)(translations.create(w.org, input as never)))
        expect(created, JSON.stringify(input).slice(0, 80)).toMatchObject({ _tag: "InvalidInput", field })
        const updated = yield* failure(as(w.admin)(translations.update(w.org, id, input as never)))
        expect(updated).toMatchObject({ _tag: "InvalidInput", field })
      }
      expect(yield* stored(w.org)).toEqual(before)
      const longest = yield* as(w.admin)(
        translations.create(w.org, {
          title: "z".repeat(MAX_TRANSLATION_TITLE_LENGTH),
          languages: Array.from({ length: MAX_TRANSLATION_LANGUAGES }, (_, i) => `en-x-n${i}`)
        })
      )
      expect(longest.title).toHaveLength(MAX_TRANSLATION_TITLE_LENGTH)
      expect(longest.languages).toHaveLength(MAX_TRANSLATION_LANGUAGES)
      // Well-formed is all that is asked: a language no registry lists is accepted.
      expect((yield* as(w.admin)(translations.create(w.org, { title: "Made up", languages: ["xx", "en-ZZ"] }))).languages).toEqual([
        "xx",
        "en-ZZ"
      ])
    }))

  test("update replaces title and languages (none when absent); an unchanged body writes nothing", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const id = yield* newTranslation(w.org, w.admin, "Docs", ["de", "fr"])
      const updated = yield* as(w.admin)(translations.update(w.org, id, { title: "Guides", languages: ["ja", "de"] }))
      expect(updated).toMatchObject({ id, title: "Guides", languages: ["ja", "de"] })
      expect(yield* as(w.reader)(translations.get(w.org, id))).toMatchObject({ title: "Guides", languages: ["ja", "de"] })
      const before = yield* stored(w.org)
      const same = yield* as(w.admin)(translations.update(w.org, id, { title: "Guides", languages: ["JA", "de", "ja"] }))
      expect(same).toEqual(updated)
      expect(yield* stored(w.org)).toEqual(before)
      const sequence = yield* lastSequence
      const cleared = yield* as(w.admin)(translations.update(w.org, id, { title: "Guides" }))
      expect(cleared.languages).toEqual([])
      expect((yield* eventsAfter(sequence)).map((e) => [e.type, e.payload])).toEqual([["translation.updated", { translation: id }]])
      expect((yield* failure(as(w.admin)(translations.update(w.org, "nope" as TranslationId, { title: "X" }))))._tag).toBe("NotFound")
    }))

  test("delete answers whether there was something to delete; the settings are then gone", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const id = yield* newTranslation(w.org, w.admin)
      const kept = yield* newTranslation(w.org, w.admin, "Kept")
      const sequence = yield* lastSequence
      expect(yield* as(w.admin)(translations.remove(w.org, id))).toBe(true)
      expect((yield* eventsAfter(sequence)).map((e) => [e.type, e.payload])).toEqual([["translation.deleted", { translation: id }]])
      expect(yield* as(w.admin)(translations.remove(w.org, id))).toBe(false)
      expect((yield* eventsAfter(sequence)).length).toBe(1)
      expect((yield* failure(as(w.admin)(translations.get(w.org, id))))._tag).toBe("NotFound")
      expect((yield* as(w.admin)(translations.list(w.org, {}))).items.map((t) => t.id)).toEqual([kept])
    }))

  test("an organization's settings are not found through another organization, even by its admin", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const other = yield* newOrganization(w.admin, "Other")
      const id = yield* newTranslation(w.org, w.admin)
      expect((yield* failure(as(w.admin)(translations.get(other, id))))._tag).toBe("NotFound")
      expect((yield* failure(as(w.admin)(translations.update(other, id, { title: "X" }))))._tag).toBe("NotFound")
      expect(yield* as(w.admin)(translations.remove(other, id))).toBe(false)
      expect((yield* as(w.admin)(translations.list(other, {}))).count).toBe(0)
      expect((yield* as(w.admin)(translations.get(w.org, id))).title).toBe("Docs")
    }))

  test("the list pages like every list: each once, count the total, limits checked", () =>
    Effect.gen(function* () {
      const w = yield* newWorld
      const translations = yield* Translations
      const ids: Array<string> = []
      for (let i = 0; i < 5; i++) ids.push(yield* newTranslation(w.org, w.admin, `T${i}`))
      for (const limit of [1, 2, 5]) {
        yield* expectWalk((request) => as(w.reader)(translations.list(w.org, request)), limit, ids)
      }
      yield* expectBadLimits((request) => as(w.reader)(translations.list(w.org, request)))
    }))
})
