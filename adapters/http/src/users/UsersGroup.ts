import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { User } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { NotFoundError } from "../errors.js"

export class UsersGroup extends HttpApiGroup.make("users", { topLevel: true })
  .add(
    HttpApiEndpoint.get("getAuthenticatedUser", "/user")
      .addSuccess(User)
      .annotate(OpenApi.Summary, "Get profile of authenticated user")
      .annotate(
        OpenApi.Description,
        "Returns details about the user associated with the authentication provided in the request's authorization header."
      )
  )
  .addError(NotFoundError)
  .middleware(Authentication) {}
