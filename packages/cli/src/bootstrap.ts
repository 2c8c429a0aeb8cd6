import { ApiTokens, Users } from "@quire/core"
import { Console, Effect } from "effect"

export const FIRST_ADMIN_EMAIL = "admin@quire.local"

/**
 * On an empty database, makes a first user and prints its API token once, so a new
 * operator can call the API at once. Runs on every start; does nothing once a user exists.
 */
export const bootstrapFirstUser = (publicUrl: string) => Effect.gen(function* () {
  const users = yield* Users
  if ((yield* users.count) > 0) return
  const tokens = yield* ApiTokens
  const user = yield* users.create({ email: FIRST_ADMIN_EMAIL, displayName: "Administrator" })
  const token = yield* tokens.issue(user.id, "first admin")
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
