import { HttpApiBuilder } from "@effect/platform"
import { Users } from "@quire/core"
import { Effect } from "effect"
import { Authentication } from "../Authentication.js"
import { isolated } from "../isolated.js"
import { apiOf } from "../shared/apiOf.js"
import { UsersGroup } from "./UsersGroup.js"

export const UsersHandlers = HttpApiBuilder.group(apiOf(UsersGroup), "users", (handlers) =>
  Effect.map(Users, (users) => handlers.handle("getAuthenticatedUser", () => users.me))
)

/** The handlers built among only the services they use (see `isolated`). */
export const UsersHttp = isolated(UsersHandlers, [Authentication, Users])
