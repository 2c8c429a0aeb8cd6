import { Access } from "../policy/Access.js"
import { Effect } from "effect"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { makeId, type OrganizationId, type SiteId, type SiteSectionGroupId, type SiteSectionId, type SiteSpaceId } from "../shared/ids.js"
import { offsetPage, offsetWindow, type PageRequest } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { validate } from "../shared/validation.js"
import type { SiteRecord } from "../storage/sites/SiteRecord.js"
import { Storage } from "../storage/Storage.js"
import { checkCondition } from "./adaptive/index.js"
import { adaptiveClaimsOf } from "./adaptiveClaims.js"
import {
  AddSectionGroupInput,
  AddSectionInput,
  AddSiteSpaceInput,
  MoveSectionGroupInput,
  MoveSectionInput,
  MoveSiteSpaceInput,
  UpdateSectionGroupInput,
  UpdateSectionInput,
  UpdateSiteSpaceInput
} from "./inputs.js"
import { renderGroup, renderSection, renderSiteSpace, renderStructure, shownSiteSpaces, type StructureView } from "./render.js"
import type { SiteGrant } from "./siteGrant.js"
import { makeSiteSupport } from "./siteSupport.js"
import { defaultSectionOf, defaultSiteSpaceOf, sectionsInOrder, type Structure } from "./structure/Structure.js"
import * as T from "./structure/transitions.js"

/**
 * A site's navigation: sections, section groups and site spaces. Readers of the site (`view`)
 * list them; `create` changes them. Every command loads the structure as one value, applies one
 * pure transition (`structure/transitions.ts`, which keeps the invariants) and writes the rows it
 * changed, with the site, in one transaction.
 */
export class SiteStructures extends Effect.Service<SiteStructures>()("@quire/core/SiteStructures", {
  effect: Effect.gen(function* () {
    const support = yield* makeSiteSupport
    const command = authorizedCommand(yield* Storage)

    const manage = (organizationId: OrganizationId, siteId: SiteId) =>
      support.grant(organizationId, siteId, "create", "change this site's structure")

    /** Runs a transition on the site's structure and writes it; `render` answers from the new state. */
    const change = <A, E, R, B>(
      grant: SiteGrant,
      transition: (s: Structure) => Effect.Effect<{ readonly structure: Structure } & A, E, R>,
      render: (view: StructureView, result: A) => B
    ) =>
      Effect.gen(function* () {
        const before = yield* support.loadStructure(grant.record)
        const result = yield* transition(before)
        const site = yield* support.commitStructure(grant.record, before, result.structure)
        return render(yield* support.memberView(site, grant.member), result)
      })

    const conditionFor = (site: SiteRecord, source: string | null | undefined) =>
      source === undefined || source === null
        ? Effect.succeed(source)
        : Effect.as(checkCondition(source, "condition", adaptiveClaimsOf(site)), source)

    // Reads

    const structure = (organizationId: OrganizationId, siteId: SiteId, shareKey?: string) =>
      authorized(
        Effect.gen(function* () {
          const grant = yield* support.grant(organizationId, siteId)
          return renderStructure(yield* support.memberView(grant.record, grant.member, shareKey))
        })
      )

    const listSections = (organizationId: OrganizationId, siteId: SiteId, request: PageRequest, shareKey?: string) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* offsetWindow(request)
          const grant = yield* support.grant(organizationId, siteId)
          const view = yield* support.memberView(grant.record, grant.member, shareKey)
          return yield* offsetPage(sectionsInOrder(view.structure).map((s) => renderSection(view, s)), window)
        })
      )

    const listSiteSpaces = (
      organizationId: OrganizationId,
      siteId: SiteId,
      query: { readonly default?: boolean | undefined },
      request: PageRequest,
      shareKey?: string
    ) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* offsetWindow(request)
          const grant = yield* support.grant(organizationId, siteId)
          const view = yield* support.memberView(grant.record, grant.member, shareKey)
          const s = view.structure
          const all = s.sections.length > 0 ? sectionsInOrder(s).flatMap((x) => shownSiteSpaces(view, x.id)) : shownSiteSpaces(view, null)
          const section = defaultSectionOf(s)
          const siteDefault = defaultSiteSpaceOf(s, section?.id ?? null, (x) => view.spaces.has(x.spaceId))
          const chosen =
            query.default === undefined ? all : all.filter((x) => (x.id === siteDefault?.id) === query.default)
          return yield* offsetPage(chosen.map((x) => renderSiteSpace(view, x)), window)
        })
      )

    const listGroups = (organizationId: OrganizationId, siteId: SiteId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const window = yield* offsetWindow(request)
          const grant = yield* support.grant(organizationId, siteId)
          const view = yield* support.memberView(grant.record, grant.member)
          const groups = [...view.structure.groups].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))
          return yield* offsetPage(groups.map((g) => renderGroup(view, g)), window)
        })
      )

    /** A structure command: `create` on the site, one transition (which may read with the grant), the answer from the new state. */
    const write = <A, E, R, B>(
      organizationId: OrganizationId,
      siteId: SiteId,
      transition: (s: Structure, grant: SiteGrant) => Effect.Effect<{ readonly structure: Structure } & A, E, R>,
      render: (view: StructureView, result: A) => B
    ) => command(Effect.flatMap(manage(organizationId, siteId), (grant) => change(grant, (s) => transition(s, grant), render)))

    /** A removal: true when the item was there and is gone, false when the site had none by that id. */
    const removal =
      <E>(present: (s: Structure) => boolean, remove: (s: Structure) => Effect.Effect<Structure, E>) =>
      (s: Structure) =>
        present(s)
          ? Effect.map(remove(s), (structure) => ({ structure, removed: true }))
          : Effect.succeed({ structure: s, removed: false })
    const removed = (_: StructureView, result: { readonly removed: boolean }) => result.removed

    type Pointer<K extends string> = { readonly [P in K]: string } | undefined
    /** A move's position as sibling references of one kind, named by `field` in the pointer. */
    const placementOf = <K extends string>(kind: string, field: K, position: { before?: Pointer<K>; after?: Pointer<K> } | undefined) => {
      const ref = (p: Pointer<K>) => (p === undefined ? undefined : { kind, id: p[field] })
      return { before: ref(position?.before), after: ref(position?.after) }
    }

    // Sections

    const addSection = (organizationId: OrganizationId, siteId: SiteId, input: AddSectionInput) =>
      Effect.flatMap(validate(AddSectionInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s, grant) =>
            Effect.gen(function* () {
              const space = yield* support.spaceToAdd(grant.record, valid.spaceId, "spaceId")
              const at = yield* now
              return yield* T.addSection(s, {
                id: yield* makeId<SiteSectionId>(),
                title: valid.title ?? sectionTitle(space.title),
                icon: valid.icon ?? null,
                groupId: (valid.siteSectionGroupId as SiteSectionGroupId | undefined) ?? null,
                siteSpace: { id: yield* makeId<SiteSpaceId>(), spaceId: space.id, spaceTitle: space.title, at },
                // The site's root site spaces, if any, move into a section named after the site.
                rootSection: { id: yield* makeId<SiteSectionId>(), title: grant.record.title }
              })
            }),
          (view, result) => renderSection(view, result.section)
        )
      )

    const updateSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId, input: UpdateSectionInput) =>
      Effect.flatMap(validate(UpdateSectionInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s, grant) =>
            Effect.flatMap(conditionFor(grant.record, valid.condition), (condition) =>
              T.updateSection(s, id, {
                ...valid,
                condition,
                defaultSiteSpace: valid.defaultSiteSpace as SiteSpaceId | undefined,
                groupId: valid.siteSectionGroupId as SiteSectionGroupId | null | undefined
              })
            ),
          (view, result) => renderSection(view, result.section)
        )
      )

    const removeSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId) =>
      write(organizationId, siteId, removal((s) => s.sections.some((x) => x.id === id), (s) => T.removeSection(s, id)), removed)

    const moveSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId, input: MoveSectionInput) =>
      Effect.flatMap(validate(MoveSectionInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s) => T.moveSection(s, id, placementOf("site-section", "siteSection", valid.position)),
          (view, result) => renderSection(view, result.section)
        )
      )

    // Site spaces

    const addSiteSpace = (organizationId: OrganizationId, siteId: SiteId, input: AddSiteSpaceInput) =>
      Effect.flatMap(validate(AddSiteSpaceInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s, grant) =>
            Effect.gen(function* () {
              const space = yield* support.spaceToAdd(grant.record, valid.spaceId, "spaceId")
              return yield* T.addSiteSpace(s, {
                id: yield* makeId<SiteSpaceId>(),
                spaceId: space.id,
                spaceTitle: space.title,
                at: yield* now,
                sectionId: valid.sectionId as SiteSectionId | undefined
              })
            }),
          (view, result) => renderSiteSpace(view, result.siteSpace)
        )
      )

    const updateSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId, input: UpdateSiteSpaceInput) =>
      Effect.flatMap(validate(UpdateSiteSpaceInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s, grant) =>
            Effect.flatMap(conditionFor(grant.record, valid.condition), (condition) =>
              T.updateSiteSpace(s, id, { path: valid.path, condition })
            ),
          (view, result) => renderSiteSpace(view, result.siteSpace)
        )
      )

    const removeSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId) =>
      write(organizationId, siteId, removal((s) => s.siteSpaces.some((x) => x.id === id), (s) => T.removeSiteSpace(s, id)), removed)

    const moveSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId, input: MoveSiteSpaceInput) =>
      Effect.flatMap(validate(MoveSiteSpaceInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s) => T.moveSiteSpace(s, id, placementOf("site-space", "siteSpace", valid.position)),
          (view, result) => renderSiteSpace(view, result.siteSpace)
        )
      )

    // Section groups

    const addGroup = (organizationId: OrganizationId, siteId: SiteId, input: AddSectionGroupInput) =>
      Effect.flatMap(validate(AddSectionGroupInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s) =>
            Effect.gen(function* () {
              return yield* T.addGroup(s, {
                id: yield* makeId<SiteSectionGroupId>(),
                title: valid.title,
                icon: valid.icon ?? null,
                parentId: (valid.parent as SiteSectionGroupId | undefined) ?? null,
                sections: (valid.sections ?? []) as ReadonlyArray<SiteSectionId>,
                at: yield* now
              })
            }),
          (view, result) => renderGroup(view, result.group)
        )
      )

    const updateGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId, input: UpdateSectionGroupInput) =>
      Effect.flatMap(validate(UpdateSectionGroupInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s) =>
            T.updateGroup(s, id, {
              title: valid.title,
              icon: valid.icon,
              parentId: valid.parentSectionGroupId as SiteSectionGroupId | null | undefined
            }),
          (view, result) => renderGroup(view, result.group)
        )
      )

    const removeGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId) =>
      write(organizationId, siteId, removal((s) => s.groups.some((x) => x.id === id), (s) => T.removeGroup(s, id)), removed)

    const moveGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId, input: MoveSectionGroupInput) =>
      Effect.flatMap(validate(MoveSectionGroupInput)(input), (valid) =>
        write(
          organizationId,
          siteId,
          (s) => {
            const ref = (p: { readonly type: string; readonly id: string } | undefined) => (p === undefined ? undefined : { kind: p.type, id: p.id })
            return T.moveGroup(s, id, { before: ref(valid.position?.before), after: ref(valid.position?.after) })
          },
          (view, result) => renderGroup(view, result.group)
        )
      )

    return {
      structure,
      listSections,
      addSection,
      updateSection,
      removeSection,
      moveSection,
      listSiteSpaces,
      addSiteSpace,
      updateSiteSpace,
      removeSiteSpace,
      moveSiteSpace,
      listGroups,
      addGroup,
      updateGroup,
      removeGroup,
      moveGroup
    }
  }),
  dependencies: [Access.Default]
}) {}

/** A new section's title from its space's: the seed allows 2..64 characters on creation. */
const sectionTitle = (spaceTitle: string): string => {
  const title = spaceTitle.trim().slice(0, 64)
  return title.length >= 2 ? title : "Section"
}
