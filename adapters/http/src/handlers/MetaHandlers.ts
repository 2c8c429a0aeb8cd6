import { HttpApiBuilder } from "@effect/platform"
import { Urls } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { ServiceInfo } from "../groups/MetaGroup.js"

export const MetaHandlers = HttpApiBuilder.group(QuireApi, "meta", (handlers) =>
  Effect.map(Urls, (urls) => {
    const info = new ServiceInfo({
      name: "quire",
      version: "0.1.0",
      openapi: urls.api("/openapi.json"),
      reference: urls.api("/reference")
    })
    return handlers.handle("getApiInfo", () => Effect.succeed(info))
  })
)
