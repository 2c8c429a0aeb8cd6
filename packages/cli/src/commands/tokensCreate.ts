import { Command, Options } from "@effect/cli"
import { whenRun } from "./whenRun.js"

const email = Options.text("email").pipe(Options.withDescription("e-mail address of the user the token is for"))

/** `quire tokens create --email E`. */
export const tokensCreate = Command.make("create", { email }, ({ email }) =>
  whenRun(() => import("../accounts.js"), (accounts) => accounts.createToken(email))
).pipe(
  Command.withDescription('Make an API token for a user; prints {"token": "<token>"}.')
)
