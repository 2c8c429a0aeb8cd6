import { Command } from "@effect/cli"
import { tokensCreate } from "./tokensCreate.js"
import { tokensRevoke } from "./tokensRevoke.js"

/** `quire tokens <subcommand>`; alone, its help. */
export const tokens = Command.make("tokens").pipe(
  Command.withDescription("Manage API tokens."),
  Command.withSubcommands([tokensCreate, tokensRevoke])
)
