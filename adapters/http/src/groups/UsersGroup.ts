import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { User } from "@quire/core"
import { Authentication } from "../Authentication.js"
import { commonErrors } from "./common.js"

export class UsersGroup extends HttpApiGroup.make("users")
  .add(HttpApiEndpoint.get("getAuthenticatedUser", "/user").addSuccess(User))
  .addError(commonErrors[2])
  .middleware(Authentication) {}
