import { Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { readFileSync } from "node:fs"
import { whenRun } from "./whenRun.js"
import { UsageError } from "../failures/UsageError.js"

const token = Options.text("token").pipe(
  Options.withDescription("the token to revoke; - reads it from stdin (out of the shell history and the process list)"),
  Options.optional
)
const email = Options.text("email").pipe(
  Options.withDescription("revoke every token of the user with this e-mail address"),
  Options.optional
)

/** `--token T`, `--token -` for a token on stdin, or `--email E`: exactly one. */
const tokensToRevoke = (
  token: Option.Option<string>,
  email: Option.Option<string>
): Effect.Effect<{ readonly token: string } | { readonly email: string }, UsageError> => {
  if (Option.isSome(token) === Option.isSome(email)) {
    return Effect.fail(new UsageError({ message: "Give either --token or --email" }))
  }
  if (Option.isSome(email)) return Effect.succeed({ email: email.value })
  const given = Option.getOrThrow(token)
  return given === "-" ? Effect.sync(() => ({ token: readFileSync(0, "utf8").trim() })) : Effect.succeed({ token: given })
}

/** `quire tokens revoke --token T|-` or `--email E`. */
export const tokensRevoke = Command.make("revoke", { token, email }, ({ token, email }) =>
  Effect.flatMap(tokensToRevoke(token, email), (which) => whenRun(() => import("../accounts.js"), (accounts) => accounts.revokeTokens(which)))
).pipe(
  Command.withDescription(
    'Revoke one token (--token) or every token of a user (--email); prints {"revoked": <how many>}. ' +
      "A running server refuses them within 5 seconds."
  )
)
