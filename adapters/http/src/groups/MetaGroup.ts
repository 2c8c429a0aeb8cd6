import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"

/** The official `ApiInformation` (`version`, `build`), plus where this API describes itself. */
export class ServiceInfo extends Schema.Class<ServiceInfo>("ServiceInfo")({
  name: Schema.String,
  version: Schema.String,
  build: Schema.String,
  openapi: Schema.String,
  reference: Schema.String
}) {}

/** `GET /v1/`: what this server is, without authentication. */
export class MetaGroup extends HttpApiGroup.make("meta").add(HttpApiEndpoint.get("getApiInformation", "/").addSuccess(ServiceInfo)) {}
