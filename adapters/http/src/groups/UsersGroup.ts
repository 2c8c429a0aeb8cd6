import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { User } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { NotFoundError } from "../errors.js"

export class UsersGroup extends HttpApiGroup.make("users")
  .add(HttpApiEndpoint.get("getAuthenticatedUser", "/user").addSuccess(User))
  .addError(NotFoundError)
  .middleware(Authentication) {}
