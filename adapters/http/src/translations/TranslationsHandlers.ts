import { HttpApiBuilder } from "@effect/platform"
import { Translations } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { json } from "../json.js"
import { apiOf } from "../shared/apiOf.js"
import { deletedOrAbsent, withLocation } from "../shared/responses.js"
import { TranslationsGroup } from "./TranslationsGroup.js"

export const TranslationsHandlers = HttpApiBuilder.group(apiOf(TranslationsGroup), "translations", (handlers) =>
  Effect.map(Translations, (translations) =>
    handlers
      .handle("listTranslations", ({ path, urlParams }) => json(translations.list(path.organizationId, urlParams)))
      .handle("createTranslation", ({ path, payload }) => withLocation(translations.create(path.organizationId, payload)))
      .handle("getTranslation", ({ path }) => json(translations.get(path.organizationId, path.translationId)))
      .handle("updateTranslation", ({ path, payload }) =>
        json(translations.update(path.organizationId, path.translationId, payload))
      )
      .handle("deleteTranslation", ({ path }) =>
        Effect.map(translations.remove(path.organizationId, path.translationId), deletedOrAbsent)
      )
  )
)

/** The handlers built among only the services they use (see `isolated`). */
export const TranslationsHttp = isolated(TranslationsHandlers, [Authentication, Translations])
