import { Effect, Option } from "effect"
import { Access, ensure } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand, unrestricted } from "../policy/Authorized.js"
import { Conflict, NotFound } from "../shared/errors.js"
import type { OrganizationId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { SecretSeal } from "../shared/SecretSeal.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import { BlobStore } from "../storage/content/BlobStore.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import { type IntegrationJson, type IntegrationRecord, integrationSortKey } from "../storage/integrations/IntegrationRecord.js"
import { IntegrationRepository } from "../storage/integrations/IntegrationRepository.js"
import { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { Storage } from "../storage/Storage.js"
import { blockDomains } from "./blockDomains.js"
import { checkIntegrationName, IntegrationListFilters, PublishIntegrationInput } from "./inputs.js"
import { administersIntegration } from "./integrationPermissions.js"
import { makeIntegrationSupport } from "./integrationSupport.js"

/** `listIntegrations`' query as it arrives (checked by `IntegrationListFilters`). */
export type IntegrationListQuery = PageRequest & {
  readonly [K in keyof IntegrationListFilters]?: (K extends "blocks" | "contentSources" ? boolean : string) | undefined
}

/** The parts of a publish body `definition` keeps as given (the rest have columns, blobs or the seal). */
const DEFINITION_KEYS = [
  "runtime",
  "description",
  "summary",
  "blocks",
  "contentSources",
  "configurations",
  "externalLinks",
  "contentSecurityPolicy"
] as const

const base64Bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"))

/**
 * Integrations (issue 37): published by an organization's admins under a name unique on the
 * server, each publish a new `version`; listed and read by whoever may see them
 * (`integrationPermissions.ts`). Installations are `IntegrationInstallations`.
 */
export class Integrations extends Effect.Service<Integrations>()("@quire/core/Integrations", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const integrations = yield* IntegrationRepository
    const organizations = yield* OrganizationRepository
    const blobs = yield* BlobStore
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)
    const support = makeIntegrationSupport(access, integrations, organizations, urls)

    const appendEvent = (type: Extract<EventType, `integration.${string}`>, record: IntegrationRecord) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        yield* events.append({
          type,
          organizationId: record.ownerId,
          spaceId: null,
          actor: actor.id,
          at: yield* now,
          payload: { integration: record.name, version: record.version }
        })
      })

    const list = (query: IntegrationListQuery) =>
      unrestricted(
        "the query selects only public integrations and those of the caller's own organizations",
        Effect.gen(function* () {
          const filters = yield* validate(IntegrationListFilters)(query)
          const keyset = yield* toKeyset(query)
          const actor = yield* Actor
          const slice = yield* integrations.list(
            {
              viewer: actor.id,
              search: filters.search?.toLowerCase(),
              category: filters.category,
              blockDomain: filters.blockDomain?.toLowerCase(),
              blocks: filters.blocks,
              contentSources: filters.contentSources,
              owner: filters.owner as OrganizationId | undefined,
              scope: filters.scope,
              target: filters.target
            },
            keyset
          )
          const rendered = yield* Effect.forEach(slice.rows, (record) =>
            Effect.flatMap(support.memberOf(record.ownerId), (member) => support.render(record, member))
          )
          const byName = new Map(rendered.map((integration) => [integration.name, integration]))
          return toPage(keyset, slice, integrationSortKey, (record) => byName.get(record.name)!)
        })
      )

    const get = (name: string) =>
      authorized(Effect.flatMap(support.visible(name), ({ record, ownerMember }) => support.render(record, ownerMember)))

    /** The organization a publish names, by ID or by subdomain (hostname); one the caller is not in is `NotFound`. */
    const publishingOrganization = (organization: string) =>
      Effect.gen(function* () {
        const byId = yield* organizations.findById(organization as OrganizationId)
        const found = Option.isSome(byId) ? byId : yield* organizations.findByHostname(organization.toLowerCase())
        const id = Option.isSome(found) ? found.value.id : (organization as OrganizationId)
        return yield* access.organization(id).pipe(Effect.mapError(() => NotFound.of("Organization", organization)))
      })

    /**
     * Creates the integration, or publishes a new version of it (`version` + 1) when it exists:
     * only the owner's admins may, and the owner never changes. Absent `secrets` keep the
     * sealed ones; given ones replace them. One installed on other organizations cannot become
     * private (`Conflict`): they would lose sight of what they installed.
     */
    const publish = (name: string, input: PublishIntegrationInput) =>
      command(
        Effect.gen(function* () {
          yield* checkIntegrationName(name)
          const valid = yield* validate(PublishIntegrationInput)(input)
          const grant = yield* publishingOrganization(valid.organization)
          yield* ensure(grant.permissions.admin, "publish integrations for this organization")
          const existing = Option.getOrUndefined(yield* integrations.find(name))
          if (existing !== undefined && existing.ownerId !== grant.record.id)
            return yield* Effect.fail(new Conflict({ message: `The integration name "${name}" belongs to another organization` }))
          const visibility = valid.visibility ?? "private"
          if (existing !== undefined && existing.visibility !== "private" && visibility === "private") {
            const elsewhere = (yield* integrations.countInstallations(name)) - (Option.isSome(yield* integrations.findInstallationIn(name, existing.ownerId)) ? 1 : 0)
            if (elsewhere > 0)
              return yield* Effect.fail(
                new Conflict({ message: `Integration "${name}" is installed on ${elsewhere} other organization(s); it cannot become private` })
              )
          }
          const seal = yield* SecretSeal
          const at = yield* now
          const definition: Record<string, IntegrationJson> = {}
          for (const key of DEFINITION_KEYS) if (valid[key] !== undefined) definition[key] = valid[key] as IntegrationJson
          const record: IntegrationRecord = {
            name,
            ownerId: grant.record.id,
            version: (existing?.version ?? 0) + 1,
            title: valid.title,
            visibility,
            target: valid.target ?? "all",
            scopes: valid.scopes,
            categories: valid.categories ?? [],
            blockDomains: blockDomains(valid.blocks ?? []),
            hasBlocks: (valid.blocks ?? []).length > 0,
            hasContentSources: (valid.contentSources ?? []).length > 0,
            definition,
            scriptSha256: yield* blobs.put(new TextEncoder().encode(valid.script)),
            iconSha256: valid.icon === undefined ? null : yield* blobs.put(base64Bytes(valid.icon)),
            previewImageSha256s: yield* Effect.forEach(valid.previewImages ?? [], (image) => blobs.put(base64Bytes(image))),
            sealedSecrets: valid.secrets === undefined ? (existing?.sealedSecrets ?? null) : seal.seal(JSON.stringify(valid.secrets)),
            createdAt: existing?.createdAt ?? at,
            updatedAt: at
          }
          yield* existing === undefined ? integrations.insert(record) : integrations.update(record)
          yield* appendEvent("integration.published", record)
          return yield* support.render(record, grant.member)
        })
      )

    /**
     * Unpublishes an integration the caller administers; one it may not see is `NotFound`, as an
     * unknown name. A private one goes with its installations; a public or unlisted one that is
     * installed is refused (`Conflict`): other organizations depend on it.
     */
    const unpublish = (name: string) =>
      command(
        Effect.gen(function* () {
          const { record, ownerMember } = yield* support.visible(name)
          yield* ensure(administersIntegration(ownerMember), "unpublish this integration")
          if (record.visibility !== "private") {
            const installed = yield* integrations.countInstallations(name)
            if (installed > 0)
              return yield* Effect.fail(
                new Conflict({
                  message: `The ${record.visibility} integration "${name}" has ${installed} installation(s); they must be uninstalled before it is unpublished`
                })
              )
          }
          yield* integrations.delete(name)
          yield* appendEvent("integration.unpublished", record)
        })
      )

    return { list, get, publish, unpublish } as const
  }),
  dependencies: [Access.Default]
}) {}
