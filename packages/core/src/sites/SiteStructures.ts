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

    // Sections

    const addSection = (organizationId: OrganizationId, siteId: SiteId, input: AddSectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(AddSectionInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const space = yield* support.spaceToAdd(grant.record, valid.spaceId, "spaceId")
          const at = yield* now
          const ids = { section: yield* makeId<SiteSectionId>(), root: yield* makeId<SiteSectionId>(), siteSpace: yield* makeId<SiteSpaceId>() }
          return yield* change(
            grant,
            (s) =>
              T.addSection(s, {
                id: ids.section,
                title: valid.title ?? sectionTitle(space.title),
                icon: valid.icon ?? null,
                groupId: (valid.siteSectionGroupId as SiteSectionGroupId | undefined) ?? null,
                siteSpace: { id: ids.siteSpace, spaceId: space.id, spaceTitle: space.title, at },
                // The site's root site spaces, if any, move into a section named after the site.
                rootSection: { id: ids.root, title: grant.record.title }
              }),
            (view, result) => renderSection(view, result.section)
          )
        })
      )

    const updateSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId, input: UpdateSectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSectionInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const condition = yield* conditionFor(grant.record, valid.condition)
          return yield* change(
            grant,
            (s) =>
              T.updateSection(s, id, {
                ...valid,
                condition,
                defaultSiteSpace: valid.defaultSiteSpace as SiteSpaceId | undefined,
                groupId: valid.siteSectionGroupId as SiteSectionGroupId | null | undefined
              }),
            (view, result) => renderSection(view, result.section)
          )
        })
      )

    /** True when it was removed, false when the site had none by that id. */
    const removeSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* manage(organizationId, siteId)
          return yield* change(
            grant,
            (s) =>
              s.sections.some((x) => x.id === id)
                ? Effect.map(T.removeSection(s, id), (structure) => ({ structure, removed: true }))
                : Effect.succeed({ structure: s, removed: false }),
            (_, result) => result.removed
          )
        })
      )

    const moveSection = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionId, input: MoveSectionInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveSectionInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const ref = (p: { siteSection: string } | undefined) => (p === undefined ? undefined : { kind: "site-section", id: p.siteSection })
          return yield* change(
            grant,
            (s) => T.moveSection(s, id, { before: ref(valid.position?.before), after: ref(valid.position?.after) }),
            (view, result) => renderSection(view, result.section)
          )
        })
      )

    // Site spaces

    const addSiteSpace = (organizationId: OrganizationId, siteId: SiteId, input: AddSiteSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(AddSiteSpaceInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const space = yield* support.spaceToAdd(grant.record, valid.spaceId, "spaceId")
          const at = yield* now
          const id = yield* makeId<SiteSpaceId>()
          return yield* change(
            grant,
            (s) => T.addSiteSpace(s, { id, spaceId: space.id, spaceTitle: space.title, at, sectionId: valid.sectionId as SiteSectionId | undefined }),
            (view, result) => renderSiteSpace(view, result.siteSpace)
          )
        })
      )

    const updateSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId, input: UpdateSiteSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSiteSpaceInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const condition = yield* conditionFor(grant.record, valid.condition)
          return yield* change(
            grant,
            (s) => T.updateSiteSpace(s, id, { path: valid.path, condition }),
            (view, result) => renderSiteSpace(view, result.siteSpace)
          )
        })
      )

    const removeSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* manage(organizationId, siteId)
          return yield* change(
            grant,
            (s) =>
              s.siteSpaces.some((x) => x.id === id)
                ? Effect.map(T.removeSiteSpace(s, id), (structure) => ({ structure, removed: true }))
                : Effect.succeed({ structure: s, removed: false }),
            (_, result) => result.removed
          )
        })
      )

    const moveSiteSpace = (organizationId: OrganizationId, siteId: SiteId, id: SiteSpaceId, input: MoveSiteSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveSiteSpaceInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const ref = (p: { siteSpace: string } | undefined) => (p === undefined ? undefined : { kind: "site-space", id: p.siteSpace })
          return yield* change(
            grant,
            (s) => T.moveSiteSpace(s, id, { before: ref(valid.position?.before), after: ref(valid.position?.after) }),
            (view, result) => renderSiteSpace(view, result.siteSpace)
          )
        })
      )

    // Section groups

    const addGroup = (organizationId: OrganizationId, siteId: SiteId, input: AddSectionGroupInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(AddSectionGroupInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const id = yield* makeId<SiteSectionGroupId>()
          const at = yield* now
          return yield* change(
            grant,
            (s) =>
              T.addGroup(s, {
                id,
                title: valid.title,
                icon: valid.icon ?? null,
                parentId: (valid.parent as SiteSectionGroupId | undefined) ?? null,
                sections: (valid.sections ?? []) as ReadonlyArray<SiteSectionId>,
                at
              }),
            (view, result) => renderGroup(view, result.group)
          )
        })
      )

    const updateGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId, input: UpdateSectionGroupInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateSectionGroupInput)(input)
          const grant = yield* manage(organizationId, siteId)
          return yield* change(
            grant,
            (s) =>
              T.updateGroup(s, id, {
                title: valid.title,
                icon: valid.icon,
                parentId: valid.parentSectionGroupId as SiteSectionGroupId | null | undefined
              }),
            (view, result) => renderGroup(view, result.group)
          )
        })
      )

    const removeGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId) =>
      command(
        Effect.gen(function* () {
          const grant = yield* manage(organizationId, siteId)
          return yield* change(
            grant,
            (s) =>
              s.groups.some((x) => x.id === id)
                ? Effect.map(T.removeGroup(s, id), (structure) => ({ structure, removed: true }))
                : Effect.succeed({ structure: s, removed: false }),
            (_, result) => result.removed
          )
        })
      )

    const moveGroup = (organizationId: OrganizationId, siteId: SiteId, id: SiteSectionGroupId, input: MoveSectionGroupInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(MoveSectionGroupInput)(input)
          const grant = yield* manage(organizationId, siteId)
          const ref = (p: { type: string; id: string } | undefined) => (p === undefined ? undefined : { kind: p.type, id: p.id })
          return yield* change(
            grant,
            (s) => T.moveGroup(s, id, { before: ref(valid.position?.before), after: ref(valid.position?.after) }),
            (view, result) => renderGroup(view, result.group)
          )
        })
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
