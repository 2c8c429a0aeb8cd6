import { Effect, Option } from "effect"
import { Access, ensure } from "../policy/Access.js"
import { Actor } from "../policy/Actor.js"
import { authorized, authorizedCommand } from "../policy/Authorized.js"
import { makeId, type OrganizationId, type TranslationId } from "../shared/ids.js"
import { type PageRequest, toKeyset, toPage } from "../shared/pagination.js"
import { now } from "../shared/time.js"
import { Urls } from "../shared/Urls.js"
import { validate } from "../shared/validation.js"
import type { EventType } from "../storage/events/EventRecord.js"
import { Events } from "../storage/events/Events.js"
import { Storage } from "../storage/Storage.js"
import { type TranslationRecord, translationSortKey } from "../storage/translations/TranslationRecord.js"
import { TranslationRepository } from "../storage/translations/TranslationRepository.js"
import { TranslationInput } from "./inputs.js"
import { canonicalLanguages } from "./languages.js"
import { renderTranslation } from "./render.js"
import { makeTranslationGrants } from "./translationGrant.js"
import { translationPermissions } from "./translationPermissions.js"

/**
 * An organization's translation settings (the seed's `TranslationSettings`): a title and the
 * languages its content is translated into. Members read them; organization admins write them
 * (`translationPermissions`).
 */
export class Translations extends Effect.Service<Translations>()("@quire/core/Translations", {
  effect: Effect.gen(function* () {
    const access = yield* Access
    const translations = yield* TranslationRepository
    const events = yield* Events
    const urls = yield* Urls
    const command = authorizedCommand(yield* Storage)
    const grant = makeTranslationGrants(access, translations)

    const appendEvent = (type: Extract<EventType, `translation.${string}`>, record: TranslationRecord) =>
      Effect.gen(function* () {
        const actor = yield* Actor
        yield* events.append({
          type,
          organizationId: record.organizationId,
          spaceId: null,
          actor: actor.id,
          at: yield* now,
          payload: { translation: record.id }
        })
      })

    const list = (organizationId: OrganizationId, request: PageRequest) =>
      authorized(
        Effect.gen(function* () {
          const keyset = yield* toKeyset(request)
          const { member } = yield* access.membership(organizationId)
          const permissions = translationPermissions(member)
          const slice = yield* translations.list(organizationId, keyset)
          return toPage(keyset, slice, translationSortKey, (record) => renderTranslation(urls, record, permissions))
        })
      )

    const create = (organizationId: OrganizationId, input: TranslationInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TranslationInput)(input)
          const { member } = yield* access.membership(organizationId)
          const permissions = translationPermissions(member)
          yield* ensure(permissions.edit, "create translations in this organization")
          const at = yield* now
          const record: TranslationRecord = {
            id: yield* makeId<TranslationId>(),
            organizationId,
            title: valid.title,
            languages: canonicalLanguages(valid.languages ?? []),
            createdAt: at,
            updatedAt: at
          }
          yield* translations.insert(record)
          yield* appendEvent("translation.created", record)
          return renderTranslation(urls, record, permissions)
        })
      )

    const get = (organizationId: OrganizationId, id: TranslationId) =>
      authorized(Effect.map(grant(organizationId, id), ({ record, permissions }) => renderTranslation(urls, record, permissions)))

    /** Replaces the title and the languages (none when `languages` is absent); an unchanged one is not written. */
    const update = (organizationId: OrganizationId, id: TranslationId, input: TranslationInput) =>
      command(
        Effect.gen(function* () {
          const valid = yield* validate(TranslationInput)(input)
          const { record, permissions } = yield* grant(organizationId, id, "edit", "change this translation")
          const languages = canonicalLanguages(valid.languages ?? [])
          const unchanged =
            valid.title === record.title &&
            languages.length === record.languages.length &&
            languages.every((language, i) => language === record.languages[i])
          if (unchanged) return renderTranslation(urls, record, permissions)
          const next: TranslationRecord = { ...record, title: valid.title, languages, updatedAt: yield* now }
          yield* translations.update(next)
          yield* appendEvent("translation.updated", next)
          return renderTranslation(urls, next, permissions)
        })
      )

    /** Whether there were such settings to delete (deleting twice is not an error). */
    const remove = (organizationId: OrganizationId, id: TranslationId) =>
      command(
        Effect.gen(function* () {
          const { member } = yield* access.membership(organizationId)
          yield* ensure(translationPermissions(member).edit, "delete translations in this organization")
          const found = yield* translations.find(organizationId, id)
          if (Option.isNone(found)) return false
          yield* translations.delete(id)
          yield* appendEvent("translation.deleted", found.value)
          return true
        })
      )

    return { list, create, get, update, remove } as const
  }),
  dependencies: [Access.Default]
}) {}
