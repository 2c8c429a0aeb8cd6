import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"

export class ServiceInfo extends Schema.Class<ServiceInfo>("ServiceInfo")({
  name: Schema.String,
  version: Schema.String,
  openapi: Schema.String,
  reference: Schema.String
}) {}

/** `GET /v1/`: what this server is, without authentication. */
export class MetaGroup extends HttpApiGroup.make("meta").add(HttpApiEndpoint.get("getApiInfo", "/").addSuccess(ServiceInfo)) {}
