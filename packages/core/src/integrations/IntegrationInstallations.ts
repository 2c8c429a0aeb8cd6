import { Effect, Option } from "effect"
import { Access, ensure } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { Conflict, InvalidInput, NotFound } from "../shared/errors.js"
import { type IntegrationInstallationId, makeId, type OrganizationId, type SpaceId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import {
  type InstallationRecord,
  installationSortKey,
  type SpaceInstallationRecord,
  spaceInstallationSortKey
} from "../storage/integrations/InstallationRecord.js"
import type { IntegrationJson, IntegrationRecord } from "../storage/integrations/IntegrationRecord.js"
import { IntegrationRepository } from "../storage/integrations/IntegrationRepository.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { Storage } from "../storage/Storage.js"
import { checkConfiguration, configurationProblem } from "./configurationCheck.js"
import type { IntegrationConfigurations } from "./definition.js"
import { InstallIntegrationInput, InstallOnSpaceInput, UpdateInstallationInput } from "./inputs.js"
import { canInstallOn, installableOnSpaces } from "./integrationPermissions.js"
import { makeIntegrationSupport } from "./integrationSupport.js"
import { renderInstallation, renderSpaceInstallation } from "./render.js"

const configurationsOf = (integration: IntegrationRecord) =>
  (integration.definition.configurations ?? {}) as IntegrationConfigurations

/** `active` once the configuration satisfies the integration's schema; `pending` until it is configured. */
const statusFor = (schema: IntegrationConfigurations["account"], configuration: unknown) =>
  configurationProblem(schema, configuration) === undefined ? ("active" as const) : ("pending" as const)

/**
 * Installations of integrations (issue 37): an organization's admins install an integration on
 * the organization, configure it (checked against its `configurations.account` schema) and
 * enable it on chosen spaces. Every member of the installing organization reads them; no one
 * else learns they exist.
 */
export class IntegrationInstallations extends Effect.Service<IntegrationInstallations>()("@quire/core/IntegrationInstallations", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const integrations = yield* IntegrationRepository
    const organizations = yield* OrganizationRepository
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)
    const support = makeIntegrationSupport(access, integrations, organizations, urls)

    const appendEvent = (
      type: Extract<EventType, `integration.${string}`>,
      installation: Pick<InstallationRecord, "integrationName" | "organizationId">,
      installationId: IntegrationInstallationId,
      spaceId: SpaceId | null = null
    ) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        yield* events.append({
          type,
          organizationId: installation.organizationId,
          spaceId,
          actor: actor.id,
          at: yield* now,
          payload: spaceId === null
            ? { integration: installation.integrationName, installation: installationId }
            : { integration: installation.integrationName, installation: installationId, space: spaceId }
        })
      })

    /**
     * An installation of a visible integration in an organization the caller is an active member
     * of; with `admin`, one the caller administers (else `Forbidden` naming `action`).
     */
    const grant = (name: string, id: IntegrationInstallationId, admin?: string) =>
      Effect.gen(function* () {
        const { record: integration } = yield* support.visible(name)
        const notFound = () => NotFound.of("Installation", id)
        const installation = yield* Effect.flatten(integrations.findInstallation(name, id)).pipe(Effect.orElseFail(notFound))
        const { member } = yield* access.membership(installation.organizationId).pipe(Effect.mapError(notFound))
        if (admin !== undefined) yield* ensure(member.role === "admin", admin)
        return { integration, installation, member }
      })

    const render = (installation: InstallationRecord) =>
      Effect.map(integrations.countSpaceInstallations(installation.id), (spaces) => renderInstallation(urls, installation, spaces))

    const list = (name: string, query: PageRequest & { readonly externalId?: string | undefined }) =>
      authorized(
        Effect.gen(function* () {
          yield* support.visible(name)
          const keyset = yield* toKeyset(query)
          const actor = yield* Actor
          const slice = yield* integrations.listInstallations(name, { viewer: actor.id, externalId: query.externalId }, keyset)
          const rendered = yield* Effect.forEach(slice.rows, render)
          return toPage(keyset, slice, installationSortKey, (row) => rendered.find((r) => r.id === row.id)!)
        })
      )

    /** Installs a visible integration on an organization the caller administers; once per organization (else `Conflict`). */
    const install = (name: string, input: InstallIntegrationInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(InstallIntegrationInput)(input)
          const { record: integration } = yield* support.visible(name)
          const organizationId = valid.organization as OrganizationId
          const { member } = yield* access.membership(organizationId).pipe(
            Effect.mapError(() => InvalidInput.of("organization", `organization "${valid.organization}" was not found`))
          )
          const allowed = canInstallOn(integration, organizationId, member)
          if (allowed === "private")
            return yield* Effect.fail(InvalidInput.of("organization", "a private integration is installed only on the organization that owns it"))
          yield* ensure(allowed === "yes", "install integrations in this organization")
          const existing = yield* integrations.findInstallationIn(name, organizationId)
          if (Option.isSome(existing))
            return yield* Effect.fail(new Conflict({ message: `Integration "${name}" is already installed on this organization (${existing.value.id})` }))
          const at = yield* now
          const installation: InstallationRecord = {
            id: yield* makeId<IntegrationInstallationId>(),
            integrationName: name,
            organizationId,
            status: statusFor(configurationsOf(integration).account, {}),
            spaceSelection: "selected",
            siteSelection: "selected",
            configuration: {},
            externalIds: [],
            createdAt: at,
            updatedAt: at
          }
          yield* integrations.insertInstallation(installation)
          yield* appendEvent("integration.installed", installation, installation.id)
          return renderInstallation(urls, installation, 0)
        })
      )

    const get = (name: string, id: IntegrationInstallationId) =>
      authorized(Effect.flatMap(grant(name, id), ({ installation }) => render(installation)))

    /** Changes what is given; a `configuration` is checked against the integration's account schema and replaces the old one. */
    const update = (name: string, id: IntegrationInstallationId, input: UpdateInstallationInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(UpdateInstallationInput)(input)
          const { integration, installation } = yield* grant(name, id, "configure this installation")
          const schema = configurationsOf(integration).account
          if (valid.configuration !== undefined) yield* checkConfiguration(schema, valid.configuration)
          const configuration = (valid.configuration ?? installation.configuration) as InstallationRecord["configuration"]
          const next: InstallationRecord = {
            ...installation,
            configuration,
            status: installation.status === "paused" ? "paused" : statusFor(schema, configuration),
            externalIds: valid.externalIds ?? installation.externalIds,
            spaceSelection: valid.space_selection ?? installation.spaceSelection,
            siteSelection: valid.site_selection ?? installation.siteSelection,
            updatedAt: yield* now
          }
          yield* integrations.updateInstallation(next)
          yield* appendEvent("integration.installation_updated", next, next.id)
          return yield* render(next)
        })
      )

    /** Whether there was such an installation to remove (with its spaces'); one of an organization the caller is not in is none. */
    const uninstall = (name: string, id: IntegrationInstallationId) =>
      command(
        Effect.gen(function* () {
          yield* support.visible(name)
          const found = yield* integrations.findInstallation(name, id)
          if (Option.isNone(found)) return false
          const membership = yield* Effect.option(access.membership(found.value.organizationId))
          if (Option.isNone(membership)) return false
          yield* ensure(membership.value.member.role === "admin", "uninstall this integration")
          yield* integrations.deleteInstallation(id)
          yield* appendEvent("integration.uninstalled", found.value, id)
          return true
        })
      )

    const listSpaces = (name: string, id: IntegrationInstallationId, query: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          yield* grant(name, id)
          const keyset = yield* toKeyset(query)
          const slice = yield* integrations.listSpaceInstallations(id, keyset)
          return toPage(keyset, slice, spaceInstallationSortKey, (row) => renderSpaceInstallation(urls, row))
        })
      )

    /** Enables the installation on one of its organization's spaces; once per space (else `Conflict`). */
    const installOnSpace = (name: string, id: IntegrationInstallationId, input: InstallOnSpaceInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(InstallOnSpaceInput)(input)
          const { integration, installation } = yield* grant(name, id, "install this integration on spaces")
          if (!installableOnSpaces(integration))
            return yield* Effect.fail(InvalidInput.of("space", `integration "${name}" is installed on targets "${integration.target}", not on spaces`))
          const spaceId = valid.space as SpaceId
          const space = yield* Effect.option(access.space(spaceId))
          if (Option.isNone(space) || space.value.record.organizationId !== installation.organizationId || space.value.record.deletedAt !== null)
            return yield* Effect.fail(InvalidInput.of("space", `space "${valid.space}" was not found in the installation's organization`))
          if (Option.isSome(yield* integrations.findSpaceInstallation(id, spaceId)))
            return yield* Effect.fail(new Conflict({ message: `Integration "${name}" is already installed on space "${spaceId}"` }))
          const configuration: { readonly [key: string]: IntegrationJson } = {}
          const record: SpaceInstallationRecord = {
            installationId: id,
            spaceId,
            integrationName: name,
            organizationId: installation.organizationId,
            status: statusFor(configurationsOf(integration).space, configuration),
            configuration,
            externalIds: [],
            createdAt: yield* now
          }
          yield* integrations.insertSpaceInstallation(record)
          yield* appendEvent("integration.space_installed", installation, id, spaceId)
          return renderSpaceInstallation(urls, record)
        })
      )

    /** Whether the installation was enabled on that space (and now is not). */
    const uninstallFromSpace = (name: string, id: IntegrationInstallationId, spaceId: SpaceId) =>
      command(
        Effect.gen(function* () {
          const { installation } = yield* grant(name, id, "uninstall this integration from spaces")
          if (Option.isNone(yield* integrations.findSpaceInstallation(id, spaceId))) return false
          yield* integrations.deleteSpaceInstallation(id, spaceId)
          yield* appendEvent("integration.space_uninstalled", installation, id, spaceId)
          return true
        })
      )

    /** An organization's installations, each with its integration; `search`: part of the integration's name. */
    const listForOrganization = (organizationId: OrganizationId, query: PageRequest & { readonly search?: string | undefined }) =>
      authorized(
        Effect.gen(function* () {
          yield* access.membership(organizationId)
          const keyset = yield* toKeyset(query)
          const slice = yield* integrations.listOrganizationInstallations(organizationId, query.search?.toLowerCase(), keyset)
          const items = yield* Effect.forEach(slice.rows, (installation) =>
            Effect.gen(function* () {
              const integration = yield* Effect.flatten(integrations.find(installation.integrationName)).pipe(
                Effect.orDieWith(() => `installation "${installation.id}" outlived its integration`)
              )
              const ownerMember = yield* support.memberOf(integration.ownerId)
              return {
                id: installation.id,
                integration: yield* support.render(integration, ownerMember),
                installation: yield* render(installation)
              }
            })
          )
          return toPage(keyset, slice, installationSortKey, (row) => {
            const { integration, installation } = items.find((item) => item.id === row.id)!
            return { integration, installation }
          })
        })
      )

    return { list, install, get, update, uninstall, listSpaces, installOnSpace, uninstallFromSpace, listForOrganization } as const
  }),
  dependencies: [Access.Default]
}) {}
