import { Command } from "@effect/cli"
import { usersCreate } from "./usersCreate.js"

/** `quire users <subcommand>`; alone, its help. */
export const users = Command.make("users").pipe(
  Command.withDescription("Manage users."),
  Command.withSubcommands([usersCreate])
)
