import { HttpApiBuilder } from "@effect/platform"
import { Users } from "@quire/core"
import { Effect } from "effect"
import { QuireApi } from "../Api.js"

export const UsersHandlers = HttpApiBuilder.group(QuireApi, "users", (handlers) =>
  Effect.map(Users, (users) => handlers.handle("getAuthenticatedUser", () => users.me))
)
