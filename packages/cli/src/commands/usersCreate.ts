import { Command, Options } from "@effect/cli"
import { whenRun } from "./whenRun.js"

const email = Options.text("email").pipe(Options.withDescription("the new user's e-mail address"))
const name = Options.text("name").pipe(Options.withDescription("the new user's display name"))

/** `quire users create --email E --name N`. */
export const usersCreate = Command.make("create", { email, name }, ({ email, name }) =>
  whenRun(() => import("../accounts.js"), (accounts) => accounts.createUser(email, name))
).pipe(
  Command.withDescription('Make a user and an API token for it; prints {"user": <User>, "token": "<token>"}.')
)
