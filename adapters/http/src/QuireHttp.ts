import { HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Layer } from "effect"
import { QuireApi } from "./Api.js"
import { AuthenticationLive } from "./Authentication.js"
import { ErrorMappingLive } from "./errorMapping.js"
import { CollectionsHandlers } from "./handlers/CollectionsHandlers.js"
import { InvitesHandlers } from "./handlers/InvitesHandlers.js"
import { MembersHandlers } from "./handlers/MembersHandlers.js"
import { MetaHandlers } from "./handlers/MetaHandlers.js"
import { OrganizationsHandlers } from "./handlers/OrganizationsHandlers.js"
import { SpacesHandlers } from "./handlers/SpacesHandlers.js"
import { TeamsHandlers } from "./handlers/TeamsHandlers.js"
import { UsersHandlers } from "./handlers/UsersHandlers.js"

const Handlers = Layer.mergeAll(
  MetaHandlers,
  UsersHandlers,
  OrganizationsHandlers,
  InvitesHandlers,
  MembersHandlers,
  TeamsHandlers,
  CollectionsHandlers,
  SpacesHandlers
)

/**
 * The `/v1` API as a layer: every handler, authentication, error mapping, the generated
 * OpenAPI document at `/v1/openapi.json` and a reference page at `/v1/reference`.
 * Requires the core services (see `QuireCore.layer`); serve it with `HttpApiBuilder.serve()`.
 */
export const QuireHttpApi = Layer.mergeAll(
  HttpApiBuilder.middlewareOpenApi({ path: "/v1/openapi.json" }),
  HttpApiScalar.layer({ path: "/v1/reference" }),
  ErrorMappingLive
).pipe(Layer.provideMerge(HttpApiBuilder.api(QuireApi)), Layer.provide(Handlers), Layer.provide(AuthenticationLive))
