import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"

/** The official `ApiInformation` (`version`, `build`), plus where this API describes itself. */
export const ServiceInfo = Schema.Struct({
  name: Schema.String,
  version: Schema.String,
  build: Schema.String,
  openapi: Schema.String,
  reference: Schema.String
}).annotations({ identifier: "ServiceInfo" })
export interface ServiceInfo extends Schema.Schema.Type<typeof ServiceInfo> {}

/** `GET /v1/`: what this server is, without authentication. */
export class MetaGroup extends HttpApiGroup.make("meta", { topLevel: true }).add(
  HttpApiEndpoint.get("getApiInformation", "/")
    .addSuccess(ServiceInfo)
    .annotate(OpenApi.Summary, "Get API information")
    .annotate(
      OpenApi.Description,
      "The release version and build date of this server, and where its OpenAPI document and reference page are."
    )
) {}
