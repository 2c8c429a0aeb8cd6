import { Effect, Option } from "effect"
import type { Access } from "../policy/Access.js"
import { NotFound } from "../shared/errors.js"
import type { OrganizationId } from "../shared/ids.js"
import type { Urls } from "../shared/Urls.js"
import type { IntegrationRecord } from "../storage/integrations/IntegrationRecord.js"
import type { IntegrationRepository } from "../storage/integrations/IntegrationRepository.js"
import type { OrganizationRepository } from "../storage/organizations/OrganizationRepository.js"
import { canSeeIntegration, type OwnerMember } from "./integrationPermissions.js"
import { renderIntegration } from "./render.js"

/** What both integration services read the same way: the caller's view of an integration. */
export const makeIntegrationSupport = (
  access: Access,
  integrations: IntegrationRepository["Type"],
  organizations: OrganizationRepository["Type"],
  urls: Urls["Type"]
) => {
  /** The caller's active membership of `organizationId`, if any (no error: not being a member is an answer). */
  const memberOf = (organizationId: OrganizationId) =>
    Effect.map(Effect.option(access.membership(organizationId)), (found): OwnerMember => Option.getOrUndefined(found)?.member)

  /** An integration the caller may see, with its membership of the owner; anything else is `NotFound`. */
  const visible = (name: string) =>
    Effect.gen(function* () {
      const record = yield* Effect.flatten(integrations.find(name)).pipe(Effect.orElseFail(() => NotFound.of("Integration", name)))
      const ownerMember = yield* memberOf(record.ownerId)
      if (!canSeeIntegration(record, ownerMember)) return yield* Effect.fail(NotFound.of("Integration", name))
      return { record, ownerMember }
    })

  /** The resource, with its owner organization as the caller sees it. */
  const render = (record: IntegrationRecord, ownerMember: OwnerMember) =>
    Effect.map(
      Effect.flatten(organizations.findById(record.ownerId)).pipe(Effect.orDieWith(() => `the owner of integration "${record.name}" is gone`)),
      (owner) => renderIntegration(urls, record, owner, ownerMember)
    )

  return { memberOf, visible, render } as const
}
