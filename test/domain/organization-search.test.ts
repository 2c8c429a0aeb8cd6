/**
 * Who sees what in an organization's search, on memory storage: admins every space, members
 * the spaces visible to them, guests nothing, outsiders `NotFound`. With reads one after the
 * other (SQLite, memory) and at once (`ReadOverlap`, as on Postgres: where every space is
 * visible to members, the membership and the search are read at once, the search dropped
 * unless allowed).
 */
import { describe, expect, it } from "@effect/vitest"
import {
  Content,
  ContentEngine,
  type OrganizationId,
  ReadOverlap,
  type RevisionId,
  Search,
  type SpaceId,
  Spaces,
  type UserRecord
} from "@quire/core"
import { Effect, Layer } from "effect"
import { as, contentLayer, newWorld } from "../support/content.js"

const searchLayer = (overlap: boolean) =>
  Layer.mergeAll(Search.Default, Content.Default, ContentEngine.Default).pipe(
    Layer.provideMerge(contentLayer),
    Layer.provide(Layer.succeed(ReadOverlap, { worthwhile: overlap }))
  )

/** A space holding one page with `word` in its body, merged into main (which indexes it). */
const spaceWith = (admin: UserRecord, org: OrganizationId, title: string, word: string) =>
  as(admin)(
    Effect.gen(function* () {
      const space = yield* (yield* Spaces).create(org, { title })
      const { revision } = yield* (yield* ContentEngine).importPages([{ title: "Notes", markdown: `A note about ${word}.` }], {
        spaceId: space.id as SpaceId
      })
      yield* (yield* Content).merge(space.id as SpaceId, { revision: revision.id as RevisionId })
      return space
    })
  )

/** The titles of the spaces `user`'s organization search for `word` answers with, or the error's tag. */
const found = (user: UserRecord, org: OrganizationId, word: string) =>
  Effect.flatMap(Search, (search) =>
    as(user)(search.organization(org, { query: word })).pipe(
      Effect.map((page) => page.items.map((item) => item.title).sort()),
      Effect.catchAll((error) => Effect.succeed(error._tag))
    )
  )

describe("an organization's search", () => {
  it.effect.each([false, true])("answers each role with what it may read, hidden spaces or not (reads at once: %s)", (overlap) =>
    Effect.gen(function* () {
      const w = yield* newWorld
      yield* spaceWith(w.admin, w.org, "Open", "zephyr")
      const hidden = yield* spaceWith(w.admin, w.org, "Hidden", "zephyr")

      // Every space visible to members: one answer for every role but the guest's.
      expect(yield* found(w.admin, w.org, "zephyr")).toEqual(["Hidden", "Open"])
      expect(yield* found(w.reader, w.org, "zephyr")).toEqual(["Hidden", "Open"])
      expect(yield* found(w.guest, w.org, "zephyr")).toEqual([])
      expect(yield* found(w.outsider, w.org, "zephyr")).toBe("NotFound")

      // A space hidden from members: only the admin finds it.
      yield* as(w.admin)((yield* Spaces).update(hidden.id, { defaultLevel: null }))
      expect(yield* found(w.admin, w.org, "zephyr")).toEqual(["Hidden", "Open"])
      expect(yield* found(w.reader, w.org, "zephyr")).toEqual(["Open"])
      expect(yield* found(w.editor, w.org, "zephyr")).toEqual(["Open"])
      expect(yield* found(w.guest, w.org, "zephyr")).toEqual([])
      expect(yield* found(w.outsider, w.org, "zephyr")).toBe("NotFound")
    }).pipe(Effect.provide(searchLayer(overlap)))
  )
})
