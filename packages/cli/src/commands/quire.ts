import { Command, Options } from "@effect/cli"
import { reportFailures } from "../failures/reportFailures.js"
import { migrate } from "./migrate.js"
import { serve } from "./serve.js"
import { tokens } from "./tokens.js"
import { users } from "./users.js"

/** Before or after the subcommand: `quire --verbose serve` and `quire serve --verbose` alike. */
const verbose = Options.boolean("verbose").pipe(
  Options.withDescription("on failure, print the whole cause (every error it wraps, with stack traces), not one line")
)

/**
 * The `quire` program: its commands, and what they do on failure (`reportFailures`). Alone,
 * it prints its help.
 */
export const quire = Command.make("quire", { verbose }).pipe(
  Command.withDescription("Quire: the /v1 API server, its database, its users and their tokens."),
  Command.withSubcommands([serve, migrate, users, tokens]),
  Command.transformHandler((effect, { verbose }) => reportFailures(effect, verbose))
)
