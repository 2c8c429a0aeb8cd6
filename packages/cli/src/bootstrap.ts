import { ApiTokens, Storage, Users } from "@quire/core"
import { Console, Effect, Option } from "effect"

export const FIRST_ADMIN_EMAIL = "admin@quire.local"

/**
 * On an empty database, makes a first user and prints its API token once, so a new
 * operator can call the API at once. Runs on every start; does nothing once a user exists.
 * The check and the creation are one transaction: of several servers starting at once on an
 * empty database, one makes the user and the others find it.
 */
export const bootstrapFirstUser = (publicUrl: string) => Effect.gen(function* () {
  const users = yield* Users
  const tokens = yield* ApiTokens
  const made = yield* (yield* Storage).transaction(
    Effect.gen(function* () {
      if ((yield* users.count) > 0) return Option.none()
      const user = yield* users.create({ email: FIRST_ADMIN_EMAIL, displayName: "Administrator" })
      return Option.some({ user, token: yield* tokens.issue(user.id, "first admin") })
    })
  )
  if (Option.isNone(made)) return
  const { user, token } = made.value
  yield* Console.log(
    [
      "",
      `Empty database: created the first user ${FIRST_ADMIN_EMAIL} (id ${user.id}).`,
      `Its API token, shown only this once:`,
      ``,
      `  ${token}`,
      ``,
      `Try: curl -H "Authorization: Bearer ${token}" ${publicUrl}/v1/user`,
      ""
    ].join("\n")
  )
})
