import { Effect } from "effect"
import { Conflict, InvalidInput, NotFound } from "../../shared/errors.js"
import type { SiteSectionGroupId, SiteSectionId, SiteSpaceId, SpaceId } from "../../shared/ids.js"
import { keyAtEnd, keyFor, type Placement, type Sibling } from "../../shared/ordering.js"
import type { Timestamp } from "../../shared/time.js"
import type { SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from "../../storage/sites/SiteStructureRecords.js"
import { slugify } from "../../content/markdown/slugify.js"
import { uniquePath } from "./paths.js"
import { ancestorsOf, defaultSectionOf, itemsUnder, siteSpacesIn, type Structure } from "./Structure.js"

/**
 * The structure's transitions: each takes a structure and gives the next, or fails and changes
 * nothing. Every result is `normalized`, so the invariants (`invariants.ts`) hold after each one.
 * Ids and times come in with the request: the functions are pure.
 */


const siblingsOf = (items: ReadonlyArray<{ readonly id: string; readonly position: string }>, kind: string): Array<Sibling> =>
  items.map((x) => ({ kind, id: x.id, position: x.position }))

const navigationSiblings = (s: Structure, parent: SiteSectionGroupId | null, except?: string): Array<Sibling> =>
  itemsUnder(s, parent)
    .filter((item) => item.record.id !== except)
    .map((item) => ({ kind: item.kind, id: item.record.id, position: item.record.position }))

/** Fixes the default pointers: a stale or missing one names the first item, in order. */
export const normalized = (s: Structure): Structure => {
  const sections = s.sections.map((section) => {
    const own = siteSpacesIn(s, section.id)
    const pointer = own.some((x) => x.id === section.defaultSiteSpaceId) ? section.defaultSiteSpaceId : (own[0]?.id ?? null)
    return pointer === section.defaultSiteSpaceId ? section : { ...section, defaultSiteSpaceId: pointer }
  })
  const withSections = { ...s, sections }
  if (sections.length > 0) {
    return { ...withSections, defaultSectionId: defaultSectionOf(withSections)!.id, defaultSiteSpaceId: null }
  }
  const root = siteSpacesIn(s, null)
  return {
    ...withSections,
    defaultSectionId: null,
    defaultSiteSpaceId: root.some((x) => x.id === s.defaultSiteSpaceId) ? s.defaultSiteSpaceId : (root[0]?.id ?? null)
  }
}

const findSection = (s: Structure, id: SiteSectionId) =>
  Effect.fromNullable(s.sections.find((x) => x.id === id)).pipe(Effect.orElseFail(() => NotFound.of("Site section", id)))
const findSiteSpace = (s: Structure, id: SiteSpaceId) =>
  Effect.fromNullable(s.siteSpaces.find((x) => x.id === id)).pipe(Effect.orElseFail(() => NotFound.of("Site space", id)))
const findGroup = (s: Structure, id: SiteSectionGroupId) =>
  Effect.fromNullable(s.groups.find((x) => x.id === id)).pipe(Effect.orElseFail(() => NotFound.of("Site section group", id)))
/** A group a request names in a field: absent is a bad field, not a missing resource. */
const namedGroup = (s: Structure, id: SiteSectionGroupId, field: string) =>
  s.groups.some((g) => g.id === id)
    ? Effect.void
    : Effect.fail(InvalidInput.of(field, `site section group "${id}" is not in this site`))

const sectionPaths = (s: Structure, except?: SiteSectionId) =>
  new Set(s.sections.filter((x) => x.id !== except).map((x) => x.path))
const siteSpacePaths = (s: Structure, sectionId: SiteSectionId | null, except?: SiteSpaceId) =>
  new Set(siteSpacesIn(s, sectionId).filter((x) => x.id !== except).map((x) => x.path))

const ensurePathFree = (taken: ReadonlySet<string>, path: string, where: string) =>
  taken.has(path) ? Effect.fail(new Conflict({ message: `Invalid value for "path": "${path}" is already used by another ${where}` })) : Effect.void

const replace = <A extends { readonly id: string }>(items: ReadonlyArray<A>, next: A): ReadonlyArray<A> =>
  items.map((x) => (x.id === next.id ? next : x))

export interface NewSiteSpace {
  readonly id: SiteSpaceId
  readonly spaceId: SpaceId
  /** The space's title: the site space's path is made from it. */
  readonly spaceTitle: string
  readonly at: Timestamp
}

const siteSpaceIn = (s: Structure, sectionId: SiteSectionId | null, input: NewSiteSpace): Effect.Effect<SiteSpaceRecord, Conflict> => {
  const siblings = siteSpacesIn(s, sectionId)
  if (siblings.some((x) => x.spaceId === input.spaceId)) {
    return Effect.fail(new Conflict({ message: `Space "${input.spaceId}" is already published there on this site` }))
  }
  return Effect.succeed({
    id: input.id,
    siteId: s.siteId,
    sectionId,
    spaceId: input.spaceId,
    path: uniquePath(slugify(input.spaceTitle), siteSpacePaths(s, sectionId)),
    condition: null,
    position: keyAtEnd(siblingsOf(siblings, "site-space")),
    createdAt: input.at
  })
}

/** Adds a site space: to the named section, else to the default section, else at the root. */
export const addSiteSpace = (s: Structure, input: NewSiteSpace & { readonly sectionId?: SiteSectionId | undefined }) =>
  Effect.gen(function* () {
    let sectionId: SiteSectionId | null = null
    if (input.sectionId !== undefined) {
      if (!s.sections.some((x) => x.id === input.sectionId)) {
        return yield* Effect.fail(InvalidInput.of("sectionId", `site section "${input.sectionId}" is not in this site`))
      }
      sectionId = input.sectionId
    } else {
      sectionId = defaultSectionOf(s)?.id ?? null
    }
    const record = yield* siteSpaceIn(s, sectionId, input)
    return { structure: normalized({ ...s, siteSpaces: [...s.siteSpaces, record] }), siteSpace: record }
  })

export interface NewSection {
  readonly id: SiteSectionId
  readonly title: string
  readonly icon: string | null
  readonly groupId: SiteSectionGroupId | null
  readonly siteSpace: NewSiteSpace
  /** Where the root's site spaces go when this is the site's first section. */
  readonly rootSection: { readonly id: SiteSectionId; readonly title: string }
}

const sectionRecord = (
  s: Structure,
  input: { id: SiteSectionId; title: string; icon: string | null; groupId: SiteSectionGroupId | null; at: Timestamp }
): SiteSectionRecord => ({
  id: input.id,
  siteId: s.siteId,
  title: input.title,
  description: null,
  icon: input.icon,
  path: uniquePath(slugify(input.title), sectionPaths(s)),
  condition: null,
  groupId: input.groupId,
  position: keyAtEnd(navigationSiblings(s, input.groupId)),
  defaultSiteSpaceId: null,
  createdAt: input.at
})

/**
 * Adds a section holding one new site space. A site whose site spaces are at its root first gets
 * a default section holding them (`rootSection`): a site has sections or root site spaces, never both.
 */
export const addSection = (s: Structure, input: NewSection) =>
  Effect.gen(function* () {
    if (input.groupId !== null) yield* namedGroup(s, input.groupId, "siteSectionGroupId")
    let current = s
    const root = siteSpacesIn(s, null)
    if (s.sections.length === 0 && root.length > 0) {
      const wrapper = {
        ...sectionRecord(s, { id: input.rootSection.id, title: input.rootSection.title, icon: null, groupId: null, at: input.siteSpace.at }),
        defaultSiteSpaceId: s.defaultSiteSpaceId
      }
      current = {
        ...s,
        sections: [wrapper],
        siteSpaces: s.siteSpaces.map((x) => (x.sectionId === null ? { ...x, sectionId: wrapper.id } : x)),
        defaultSectionId: wrapper.id,
        defaultSiteSpaceId: null
      }
    }
    const section = sectionRecord(current, { ...input, at: input.siteSpace.at })
    const withSection = { ...current, sections: [...current.sections, section] }
    const siteSpace = yield* siteSpaceIn(withSection, section.id, input.siteSpace)
    const structure = normalized({ ...withSection, siteSpaces: [...withSection.siteSpaces, siteSpace] })
    return { structure, section: structure.sections.find((x) => x.id === section.id)!, siteSpace }
  })

/** Removes a section and its site spaces; the default passes to the first section left. */
export const removeSection = (s: Structure, id: SiteSectionId) =>
  Effect.map(findSection(s, id), () =>
    normalized({ ...s, sections: s.sections.filter((x) => x.id !== id), siteSpaces: s.siteSpaces.filter((x) => x.sectionId !== id) })
  )

/** Removes a site space; a section's last one stays (delete the section instead). */
export const removeSiteSpace = (s: Structure, id: SiteSpaceId) =>
  Effect.gen(function* () {
    const siteSpace = yield* findSiteSpace(s, id)
    if (siteSpace.sectionId !== null && siteSpacesIn(s, siteSpace.sectionId).length === 1) {
      return yield* Effect.fail(
        new Conflict({ message: `Site space "${id}" is the last of its section; delete the section "${siteSpace.sectionId}" instead` })
      )
    }
    return normalized({ ...s, siteSpaces: s.siteSpaces.filter((x) => x.id !== id) })
  })

/** Moves a section among the sections and groups of its parent. */
export const moveSection = (s: Structure, id: SiteSectionId, placement: Placement | undefined) =>
  Effect.gen(function* () {
    const section = yield* findSection(s, id)
    const position = yield* keyFor(navigationSiblings(s, section.groupId, id), placement)
    const next = { ...section, position }
    return { structure: normalized({ ...s, sections: replace(s.sections, next) }), section: next }
  })

/** Moves a group among the sections and groups of its parent. */
export const moveGroup = (s: Structure, id: SiteSectionGroupId, placement: Placement | undefined) =>
  Effect.gen(function* () {
    const group = yield* findGroup(s, id)
    const position = yield* keyFor(navigationSiblings(s, group.parentId, id), placement)
    const next = { ...group, position }
    return { structure: normalized({ ...s, groups: replace(s.groups, next) }), group: next }
  })

/** Moves a site space among the site spaces of its section (or of the root). */
export const moveSiteSpace = (s: Structure, id: SiteSpaceId, placement: Placement | undefined) =>
  Effect.gen(function* () {
    const siteSpace = yield* findSiteSpace(s, id)
    const siblings = siblingsOf(
      siteSpacesIn(s, siteSpace.sectionId).filter((x) => x.id !== id),
      "site-space"
    )
    const position = yield* keyFor(siblings, placement)
    const next = { ...siteSpace, position }
    return { structure: normalized({ ...s, siteSpaces: replace(s.siteSpaces, next) }), siteSpace: next }
  })

export interface SectionChanges {
  readonly title?: string | undefined
  readonly path?: string | undefined
  /** `null` removes it; absent leaves it. */
  readonly condition?: string | null | undefined
  readonly icon?: string | null | undefined
  readonly description?: string | null | undefined
  readonly defaultSiteSpace?: SiteSpaceId | undefined
  /** `null` moves the section to the root (at the end); absent leaves it. */
  readonly groupId?: SiteSectionGroupId | null | undefined
}

export const updateSection = (s: Structure, id: SiteSectionId, changes: SectionChanges) =>
  Effect.gen(function* () {
    const section = yield* findSection(s, id)
    if (changes.path !== undefined) yield* ensurePathFree(sectionPaths(s, id), changes.path, "section of this site")
    if (changes.defaultSiteSpace !== undefined && !siteSpacesIn(s, id).some((x) => x.id === changes.defaultSiteSpace)) {
      return yield* Effect.fail(InvalidInput.of("defaultSiteSpace", `site space "${changes.defaultSiteSpace}" is not in this section`))
    }
    let placement = { groupId: section.groupId, position: section.position }
    if (changes.groupId !== undefined && changes.groupId !== section.groupId) {
      if (changes.groupId !== null) yield* namedGroup(s, changes.groupId, "siteSectionGroupId")
      placement = { groupId: changes.groupId, position: keyAtEnd(navigationSiblings(s, changes.groupId, id)) }
    }
    const next: SiteSectionRecord = {
      ...section,
      ...placement,
      title: changes.title ?? section.title,
      path: changes.path ?? section.path,
      condition: changes.condition === undefined ? section.condition : changes.condition,
      icon: changes.icon === undefined ? section.icon : changes.icon,
      description: changes.description === undefined ? section.description : changes.description,
      defaultSiteSpaceId: changes.defaultSiteSpace ?? section.defaultSiteSpaceId
    }
    const structure = normalized({ ...s, sections: replace(s.sections, next) })
    return { structure, section: structure.sections.find((x) => x.id === id)! }
  })

export interface SiteSpaceChanges {
  readonly path?: string | undefined
  readonly condition?: string | null | undefined
}

export const updateSiteSpace = (s: Structure, id: SiteSpaceId, changes: SiteSpaceChanges) =>
  Effect.gen(function* () {
    const siteSpace = yield* findSiteSpace(s, id)
    if (changes.path !== undefined) {
      yield* ensurePathFree(siteSpacePaths(s, siteSpace.sectionId, id), changes.path, "site space of this section")
    }
    const next: SiteSpaceRecord = {
      ...siteSpace,
      path: changes.path ?? siteSpace.path,
      condition: changes.condition === undefined ? siteSpace.condition : changes.condition
    }
    return { structure: normalized({ ...s, siteSpaces: replace(s.siteSpaces, next) }), siteSpace: next }
  })

/**
 * The site's defaults (`updateSiteById`): `defaultSiteSection` names a section; `defaultSiteSpace`
 * a site space at the root, or in the default section (after `defaultSiteSection` applies).
 */
export const setDefaults = (
  s: Structure,
  changes: { readonly defaultSiteSection?: SiteSectionId | undefined; readonly defaultSiteSpace?: SiteSpaceId | undefined }
) =>
  Effect.gen(function* () {
    let current = s
    if (changes.defaultSiteSection !== undefined) {
      if (!s.sections.some((x) => x.id === changes.defaultSiteSection)) {
        return yield* Effect.fail(InvalidInput.of("defaultSiteSection", `site section "${changes.defaultSiteSection}" is not in this site`))
      }
      current = { ...current, defaultSectionId: changes.defaultSiteSection }
    }
    if (changes.defaultSiteSpace !== undefined) {
      const section = defaultSectionOf(current)
      const candidates = siteSpacesIn(current, section?.id ?? null)
      if (!candidates.some((x) => x.id === changes.defaultSiteSpace)) {
        return yield* Effect.fail(
          InvalidInput.of(
            "defaultSiteSpace",
            section
              ? `site space "${changes.defaultSiteSpace}" is not in the default section "${section.id}"`
              : `site space "${changes.defaultSiteSpace}" is not at this site's root`
          )
        )
      }
      current = section
        ? { ...current, sections: replace(current.sections, { ...section, defaultSiteSpaceId: changes.defaultSiteSpace }) }
        : { ...current, defaultSiteSpaceId: changes.defaultSiteSpace }
    }
    return normalized(current)
  })

export interface NewGroup {
  readonly id: SiteSectionGroupId
  readonly title: string
  readonly icon: string | null
  readonly parentId: SiteSectionGroupId | null
  /** Sections to move into the group, in this order. */
  readonly sections: ReadonlyArray<SiteSectionId>
  readonly at: Timestamp
}

export const addGroup = (s: Structure, input: NewGroup) =>
  Effect.gen(function* () {
    if (input.parentId !== null) yield* namedGroup(s, input.parentId, "parent")
    for (const [i, id] of input.sections.entries()) {
      if (!s.sections.some((x) => x.id === id)) return yield* Effect.fail(InvalidInput.of(`sections[${i}]`, `site section "${id}" is not in this site`))
      if (input.sections.indexOf(id) !== i) return yield* Effect.fail(InvalidInput.of(`sections[${i}]`, `site section "${id}" is named twice`))
    }
    const group: SiteSectionGroupRecord = {
      id: input.id,
      siteId: s.siteId,
      title: input.title,
      icon: input.icon,
      parentId: input.parentId,
      position: keyAtEnd(navigationSiblings(s, input.parentId)),
      createdAt: input.at
    }
    let current: Structure = { ...s, groups: [...s.groups, group] }
    for (const id of input.sections) {
      const section = current.sections.find((x) => x.id === id)!
      const moved = { ...section, groupId: group.id, position: keyAtEnd(navigationSiblings(current, group.id, id)) }
      current = { ...current, sections: replace(current.sections, moved) }
    }
    return { structure: normalized(current), group }
  })

export interface GroupChanges {
  readonly title?: string | undefined
  readonly icon?: string | null | undefined
  /** `null` moves the group to the root (at the end); absent leaves it. */
  readonly parentId?: SiteSectionGroupId | null | undefined
}

export const updateGroup = (s: Structure, id: SiteSectionGroupId, changes: GroupChanges) =>
  Effect.gen(function* () {
    const group = yield* findGroup(s, id)
    let placement = { parentId: group.parentId, position: group.position }
    if (changes.parentId !== undefined && changes.parentId !== group.parentId) {
      if (changes.parentId !== null) {
        yield* namedGroup(s, changes.parentId, "parentSectionGroupId")
        if (changes.parentId === id || ancestorsOf(s, changes.parentId).includes(id)) {
          return yield* Effect.fail(InvalidInput.of("parentSectionGroupId", "a group cannot be moved into itself or into a group nested in it"))
        }
      }
      placement = { parentId: changes.parentId, position: keyAtEnd(navigationSiblings(s, changes.parentId, id)) }
    }
    const next: SiteSectionGroupRecord = {
      ...group,
      ...placement,
      title: changes.title ?? group.title,
      icon: changes.icon === undefined ? group.icon : changes.icon
    }
    return { structure: normalized({ ...s, groups: replace(s.groups, next) }), group: next }
  })

/** Removes a group; what it held moves to the group's parent, after the parent's own items, in order. */
export const removeGroup = (s: Structure, id: SiteSectionGroupId) =>
  Effect.gen(function* () {
    const group = yield* findGroup(s, id)
    let current: Structure = { ...s, groups: s.groups.filter((x) => x.id !== id) }
    for (const item of itemsUnder(s, id)) {
      const position = keyAtEnd(navigationSiblings(current, group.parentId, item.record.id))
      current =
        item.kind === "site-section"
          ? { ...current, sections: replace(current.sections, { ...item.record, groupId: group.parentId, position }) }
          : { ...current, groups: replace(current.groups, { ...item.record, parentId: group.parentId, position }) }
    }
    return normalized(current)
  })
