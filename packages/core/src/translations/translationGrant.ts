import { Effect } from "effect"
import { type Access, ensureNeed, type Need } from "../policy/Access.js"
import type { Grant } from "../policy/Grant.js"
import { NotFound } from "../shared/errors.js"
import type { OrganizationId, TranslationId } from "../shared/ids.js"
import type { MemberRoleOrGuest } from "../shared/role.js"
import type { TranslationRecord } from "../storage/translations/TranslationRecord.js"
import type { TranslationRepository } from "../storage/translations/TranslationRepository.js"
import { translationPermissions } from "./translationPermissions.js"
import type { TranslationPermissions } from "./TranslationSettings.js"

export type TranslationGrant = Grant<TranslationRecord, MemberRoleOrGuest, TranslationPermissions>

/**
 * Translation settings of an organization the caller is an active member of, with one
 * permission ensured. Settings of another organization, or none, are `NotFound`; so is
 * everything for someone who is not a member.
 */
export const makeTranslationGrants =
  (access: Access, translations: TranslationRepository["Type"]) =>
  (organizationId: OrganizationId, id: TranslationId, ...need: Need<TranslationPermissions>) =>
    Effect.gen(function* () {
      const { member } = yield* access.membership(organizationId)
      const record = yield* Effect.flatten(translations.find(organizationId, id)).pipe(
        Effect.orElseFail(() => NotFound.of("Translation", id))
      )
      const permissions = translationPermissions(member)
      yield* ensureNeed(permissions, need)
      return { record, member, level: member.role, permissions } satisfies TranslationGrant
    })
