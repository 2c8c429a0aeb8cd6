import { HttpApiBuilder } from "@effect/platform"
import { Users } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"

export const UsersHandlers = HttpApiBuilder.group(QuireApi, "users", (handlers) =>
  Effect.map(Users, (users) => handlers.handle("getAuthenticatedUser", () => users.me))
)

/** The handlers built among only the services they use (see `isolated`). */
export const UsersHttp = isolated(UsersHandlers, [Authentication, Users])
