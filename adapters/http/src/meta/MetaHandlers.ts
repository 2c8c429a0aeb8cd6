import { HttpApiBuilder } from "@effect/platform"
import { Urls } from "@quire/core"
import { Effect } from "effect"
import { isolated } from "../isolated.js"
import { MetaGroup, type ServiceInfo } from "./MetaGroup.js"
import { apiOf } from "../shared/apiOf.js"

/** Date of this release (ISO), as the official `ApiInformation.build`. */
const BUILD_DATE = "2026-11-21"

export const MetaHandlers = HttpApiBuilder.group(apiOf(MetaGroup), "meta", (handlers) =>
  Effect.map(Urls, (urls) => {
    const info: ServiceInfo = {
      name: "quire",
      version: "0.1.0",
      build: BUILD_DATE,
      openapi: urls.api("/openapi.json"),
      reference: urls.api("/reference")
    }
    return handlers.handle("getApiInformation", () => Effect.succeed(info))
  })
)

/** The handlers built among only the services they use (see `isolated`). */
export const MetaHttp = isolated(MetaHandlers, [Urls])
