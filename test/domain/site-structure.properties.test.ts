/**
 * A site's structure under random sequences of transitions: after every one, the invariants hold
 * (`structureViolations` is empty: root site spaces or sections, never both; one default section;
 * one default site space per section or at the root; unique paths among siblings; one total order
 * of siblings; groups nested without cycles). A transition that fails gives no structure, so it
 * changes nothing. Beside that, each transition does what it says: the first section takes the
 * root's site spaces with their default, a removed default passes to the first in order, a move
 * lands where it was asked, and `structureChange` writes exactly the rows that differ.
 */
import { describe, expect, it } from "@effect/vitest"
import {
  addGroup,
  addSection,
  addSiteSpace,
  defaultSectionOf,
  defaultSiteSpaceOf,
  emptyStructure,
  itemsUnder,
  moveGroup,
  moveSection,
  moveSiteSpace,
  removeGroup,
  removeSection,
  removeSiteSpace,
  sectionsInOrder,
  setDefaults,
  siteSpacesIn,
  type SiteId,
  type SiteSectionGroupId,
  type SiteSectionId,
  type SiteSpaceId,
  type SpaceId,
  type Structure,
  structureChange,
  structureViolations,
  type Timestamp,
  updateGroup,
  updateSection,
  updateSiteSpace
} from "@quire/core"
import { Effect, Either, FastCheck as fc } from "effect"

const pick = fc.nat({ max: 40 })
const side = fc.constantFrom("before" as const, "after" as const, "end" as const)
const TITLES = ["Guides", "API", "guides", "Ünïcode", "日本語", "a", "Reference Reference"]

const step = fc.oneof(
  fc.record({ kind: fc.constant("addSiteSpace" as const), space: fc.nat({ max: 5 }), section: fc.option(pick, { nil: undefined }) }),
  fc.record({ kind: fc.constant("addSection" as const), space: fc.nat({ max: 5 }), title: fc.constantFrom(...TITLES), group: fc.option(pick, { nil: undefined }) }),
  fc.record({ kind: fc.constant("removeSection" as const), section: pick }),
  fc.record({ kind: fc.constant("removeSiteSpace" as const), siteSpace: pick }),
  fc.record({ kind: fc.constant("moveSection" as const), section: pick, ref: pick, side }),
  fc.record({ kind: fc.constant("moveSiteSpace" as const), siteSpace: pick, ref: pick, side }),
  fc.record({ kind: fc.constant("moveGroup" as const), group: pick, ref: pick, side }),
  fc.record({ kind: fc.constant("sectionPath" as const), section: pick, path: fc.constantFrom("guides", "api", "x", "guides-2") }),
  fc.record({ kind: fc.constant("siteSpacePath" as const), siteSpace: pick, path: fc.constantFrom("space-0", "space-1", "v2", "space-0-2") }),
  fc.record({ kind: fc.constant("sectionDefault" as const), section: pick, siteSpace: pick }),
  fc.record({ kind: fc.constant("siteDefaults" as const), section: fc.option(pick, { nil: undefined }), siteSpace: fc.option(pick, { nil: undefined }) }),
  fc.record({ kind: fc.constant("sectionGroup" as const), section: pick, group: fc.option(pick, { nil: null }) }),
  fc.record({ kind: fc.constant("addGroup" as const), sections: fc.array(pick, { maxLength: 3 }), parent: fc.option(pick, { nil: undefined }) }),
  fc.record({ kind: fc.constant("groupParent" as const), group: pick, parent: fc.option(pick, { nil: null }) }),
  fc.record({ kind: fc.constant("removeGroup" as const), group: pick })
)

const SITE = "site" as SiteId
const at = "2026-11-26T00:00:00.000Z" as Timestamp
const nth = <A>(items: ReadonlyArray<A>, i: number): A | undefined => (items.length === 0 ? undefined : items[i % items.length])
const missing = <B>(id: string) => id as B

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never

/** Runs one step; `undefined` when it was refused. */
const run = (s: Structure, st: Step, n: number): Structure | undefined => {
  const id = <B>(prefix: string) => `${prefix}${n}` as B
  const ofResult = <A extends { structure: Structure }>(e: Effect.Effect<A, unknown>) =>
    Either.getOrUndefined(Effect.runSync(Effect.either(e)))?.structure
  const of = (e: Effect.Effect<Structure, unknown>) => Either.getOrUndefined(Effect.runSync(Effect.either(e)))
  const sections = sectionsInOrder(s)
  const placement = (kind: string, ref: { id: string } | undefined, where: "before" | "after" | "end") =>
    where === "end" || ref === undefined ? undefined : { [where]: { kind, id: ref.id } }
  switch (st.kind) {
    case "addSiteSpace":
      return ofResult(
        addSiteSpace(s, {
          id: id<SiteSpaceId>("ss"),
          spaceId: `space${st.space}` as SpaceId,
          spaceTitle: `Space ${st.space}`,
          at,
          sectionId: st.section === undefined ? undefined : (nth(sections, st.section)?.id ?? missing<SiteSectionId>("nope"))
        })
      )
    case "addSection":
      return ofResult(
        addSection(s, {
          id: id<SiteSectionId>("sec"),
          title: st.title,
          icon: null,
          groupId: st.group === undefined ? null : (nth(s.groups, st.group)?.id ?? null),
          siteSpace: { id: id<SiteSpaceId>("ss"), spaceId: `space${st.space}` as SpaceId, spaceTitle: `Space ${st.space}`, at },
          rootSection: { id: id<SiteSectionId>("root"), title: "Docs" }
        })
      )
    case "removeSection": {
      const target = nth(sections, st.section)
      return target && of(removeSection(s, target.id))
    }
    case "removeSiteSpace": {
      const target = nth(s.siteSpaces, st.siteSpace)
      return target && of(removeSiteSpace(s, target.id))
    }
    case "moveSection": {
      const target = nth(sections, st.section)
      const siblings = target ? itemsUnder(s, target.groupId).filter((x) => x.kind === "site-section" && x.record.id !== target.id) : []
      return target && ofResult(moveSection(s, target.id, placement("site-section", nth(siblings, st.ref)?.record, st.side)))
    }
    case "moveSiteSpace": {
      const target = nth(s.siteSpaces, st.siteSpace)
      const siblings = target ? siteSpacesIn(s, target.sectionId).filter((x) => x.id !== target.id) : []
      return target && ofResult(moveSiteSpace(s, target.id, placement("site-space", nth(siblings, st.ref), st.side)))
    }
    case "moveGroup": {
      const target = nth(s.groups, st.group)
      const siblings = target ? itemsUnder(s, target.parentId).filter((x) => x.record.id !== target.id) : []
      const ref = nth(siblings, st.ref)
      return target && ofResult(moveGroup(s, target.id, ref === undefined || st.side === "end" ? undefined : { [st.side]: { kind: ref.kind, id: ref.record.id } }))
    }
    case "sectionPath": {
      const target = nth(sections, st.section)
      return target && ofResult(updateSection(s, target.id, { path: st.path }))
    }
    case "siteSpacePath": {
      const target = nth(s.siteSpaces, st.siteSpace)
      return target && ofResult(updateSiteSpace(s, target.id, { path: st.path }))
    }
    case "sectionDefault": {
      const target = nth(sections, st.section)
      const siteSpace = nth(s.siteSpaces, st.siteSpace)
      return target && siteSpace && ofResult(updateSection(s, target.id, { defaultSiteSpace: siteSpace.id }))
    }
    case "siteDefaults":
      return of(
        setDefaults(s, {
          defaultSiteSection: st.section === undefined ? undefined : (nth(sections, st.section)?.id ?? missing<SiteSectionId>("nope")),
          defaultSiteSpace: st.siteSpace === undefined ? undefined : (nth(s.siteSpaces, st.siteSpace)?.id ?? missing<SiteSpaceId>("nope"))
        })
      )
    case "sectionGroup": {
      const target = nth(sections, st.section)
      const group = st.group === null ? null : (nth(s.groups, st.group)?.id ?? missing<SiteSectionGroupId>("nope"))
      return target && ofResult(updateSection(s, target.id, { groupId: group }))
    }
    case "addGroup":
      return ofResult(
        addGroup(s, {
          id: id<SiteSectionGroupId>("grp"),
          title: "Group",
          icon: null,
          parentId: st.parent === undefined ? null : (nth(s.groups, st.parent)?.id ?? null),
          sections: st.sections.flatMap((i) => {
            const section = nth(sections, i)
            return section ? [section.id] : []
          }),
          at
        })
      )
    case "groupParent": {
      const target = nth(s.groups, st.group)
      const parent = st.parent === null ? null : (nth(s.groups, st.parent)?.id ?? null)
      return target && ofResult(updateGroup(s, target.id, { parentId: parent }))
    }
    case "removeGroup": {
      const target = nth(s.groups, st.group)
      return target && of(removeGroup(s, target.id))
    }
  }
}

/** The rows `change` writes, applied to `before`'s: what storage would hold after. */
const applyChange = (before: Structure, after: Structure) => {
  const change = structureChange(before, after)
  const apply = <A extends { readonly id: string }>(rows: ReadonlyArray<A>, put: ReadonlyArray<A>, deleted: ReadonlyArray<string>) => {
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const id of deleted) byId.delete(id)
    for (const r of put) byId.set(r.id, r)
    return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
  }
  return {
    sections: apply(before.sections, change.put.sections, change.deleteSections),
    groups: apply(before.groups, change.put.groups, change.deleteGroups),
    siteSpaces: apply(before.siteSpaces, change.put.siteSpaces, change.deleteSiteSpaces)
  }
}
const sortedRows = (s: Structure) => ({
  sections: [...s.sections].sort((a, b) => (a.id < b.id ? -1 : 1)),
  groups: [...s.groups].sort((a, b) => (a.id < b.id ? -1 : 1)),
  siteSpaces: [...s.siteSpaces].sort((a, b) => (a.id < b.id ? -1 : 1))
})

describe("site structure", () => {
  it.prop("every transition keeps the invariants, and its change writes exactly the rows that differ", [fc.array(step, { maxLength: 60 })], ([steps]) => {
    let s = emptyStructure(SITE)
    steps.forEach((st, n) => {
      const next = run(s, st, n)
      if (next === undefined) return
      expect(structureViolations(next), `${st.kind} at step ${n}`).toStrictEqual([])
      expect(applyChange(s, next)).toStrictEqual(sortedRows(next))
      s = next
    })
  }, { fastCheck: { numRuns: 300 } })

  it.prop("the first section takes the root's site spaces, in order, with their default", [fc.integer({ min: 1, max: 4 }), fc.nat({ max: 3 })], ([count, chosen]) => {
    let s = emptyStructure(SITE)
    for (let i = 0; i < count; i++) {
      s = Effect.runSync(addSiteSpace(s, { id: `ss${i}` as SiteSpaceId, spaceId: `space${i}` as SpaceId, spaceTitle: `Space ${i}`, at })).structure
    }
    const root = siteSpacesIn(s, null)
    const wanted = root[chosen % root.length]!
    s = Effect.runSync(setDefaults(s, { defaultSiteSpace: wanted.id }))
    const next = Effect.runSync(
      addSection(s, {
        id: "new" as SiteSectionId,
        title: "New",
        icon: null,
        groupId: null,
        siteSpace: { id: "added" as SiteSpaceId, spaceId: "other" as SpaceId, spaceTitle: "Other", at },
        rootSection: { id: "wrapper" as SiteSectionId, title: "Docs" }
      })
    ).structure
    expect(siteSpacesIn(next, null)).toStrictEqual([])
    expect(siteSpacesIn(next, "wrapper" as SiteSectionId).map((x) => x.id)).toStrictEqual(root.map((x) => x.id))
    expect(defaultSectionOf(next)?.id).toBe("wrapper")
    expect(defaultSiteSpaceOf(next, "wrapper" as SiteSectionId)?.id).toBe(wanted.id)
    expect(sectionsInOrder(next).map((x) => x.id)).toStrictEqual(["wrapper", "new"])
  })

  it.prop("removing the default section passes the default to the first section left", [fc.integer({ min: 2, max: 5 }), fc.nat({ max: 4 })], ([count, chosen]) => {
    let s = emptyStructure(SITE)
    for (let i = 0; i < count; i++) {
      s = Effect.runSync(
        addSection(s, {
          id: `sec${i}` as SiteSectionId,
          title: `Section ${i}`,
          icon: null,
          groupId: null,
          siteSpace: { id: `ss${i}` as SiteSpaceId, spaceId: `space${i}` as SpaceId, spaceTitle: `Space ${i}`, at },
          rootSection: { id: `root${i}` as SiteSectionId, title: "Docs" }
        })
      ).structure
    }
    const target = sectionsInOrder(s)[chosen % count]!
    s = Effect.runSync(setDefaults(s, { defaultSiteSection: target.id }))
    const next = Effect.runSync(removeSection(s, target.id))
    expect(defaultSectionOf(next)?.id).toBe(sectionsInOrder(next)[0]!.id)
    expect(next.defaultSectionId).toBe(sectionsInOrder(next)[0]!.id)
  })

  it.prop("a move lands the site space next to the one it names", [fc.integer({ min: 2, max: 6 }), pick, pick, fc.boolean()], ([count, a, b, before]) => {
    let s = emptyStructure(SITE)
    for (let i = 0; i < count; i++) {
      s = Effect.runSync(addSiteSpace(s, { id: `ss${i}` as SiteSpaceId, spaceId: `space${i}` as SpaceId, spaceTitle: `Space ${i}`, at })).structure
    }
    const moved = s.siteSpaces[a % count]!
    const others = s.siteSpaces.filter((x) => x.id !== moved.id)
    const ref = others[b % others.length]!
    const next = Effect.runSync(moveSiteSpace(s, moved.id, { [before ? "before" : "after"]: { kind: "site-space", id: ref.id } })).structure
    const order = siteSpacesIn(next, null).map((x) => x.id)
    expect(order.indexOf(moved.id) - order.indexOf(ref.id)).toBe(before ? -1 : 1)
    expect(order.length).toBe(count)
  })

  it.effect("refusals name the field or the rule", () =>
    Effect.gen(function* () {
      const one = (yield* addSiteSpace(emptyStructure(SITE), { id: "ss0" as SiteSpaceId, spaceId: "space0" as SpaceId, spaceTitle: "Space", at })).structure
      expect(yield* Effect.flip(addSiteSpace(one, { id: "ss1" as SiteSpaceId, spaceId: "space0" as SpaceId, spaceTitle: "Space", at }))).toMatchObject({ _tag: "Conflict" })
      expect(yield* Effect.flip(addSiteSpace(one, { id: "ss1" as SiteSpaceId, spaceId: "space1" as SpaceId, spaceTitle: "S", at, sectionId: "x" as SiteSectionId }))).toMatchObject({ _tag: "InvalidInput", field: "sectionId" })
      expect(yield* Effect.flip(setDefaults(one, { defaultSiteSection: "x" as SiteSectionId }))).toMatchObject({ _tag: "InvalidInput", field: "defaultSiteSection" })
      expect(yield* Effect.flip(setDefaults(one, { defaultSiteSpace: "x" as SiteSpaceId }))).toMatchObject({ _tag: "InvalidInput", field: "defaultSiteSpace" })
      const sectioned = (yield* addSection(one, {
        id: "sec" as SiteSectionId,
        title: "Guides",
        icon: null,
        groupId: null,
        siteSpace: { id: "ss2" as SiteSpaceId, spaceId: "space2" as SpaceId, spaceTitle: "Two", at },
        rootSection: { id: "root" as SiteSectionId, title: "Docs" }
      })).structure
      expect(yield* Effect.flip(removeSiteSpace(sectioned, "ss2" as SiteSpaceId))).toMatchObject({ _tag: "Conflict" })
      expect(yield* Effect.flip(updateSection(sectioned, "sec" as SiteSectionId, { path: "docs" }))).toMatchObject({ _tag: "Conflict" })
      expect(yield* Effect.flip(updateSection(sectioned, "sec" as SiteSectionId, { defaultSiteSpace: "ss0" as SiteSpaceId }))).toMatchObject({ _tag: "InvalidInput", field: "defaultSiteSpace" })
      const grouped = (yield* addGroup(sectioned, { id: "g1" as SiteSectionGroupId, title: "G", icon: null, parentId: null, sections: [], at })).structure
      const nested = (yield* addGroup(grouped, { id: "g2" as SiteSectionGroupId, title: "G", icon: null, parentId: "g1" as SiteSectionGroupId, sections: [], at })).structure
      expect(yield* Effect.flip(updateGroup(nested, "g1" as SiteSectionGroupId, { parentId: "g2" as SiteSectionGroupId }))).toMatchObject({ _tag: "InvalidInput", field: "parentSectionGroupId" })
      expect(yield* Effect.flip(moveSection(nested, "sec" as SiteSectionId, { before: { kind: "site-section", id: "nope" } }))).toMatchObject({ _tag: "InvalidInput", field: "position.before" })
    })
  )
})
