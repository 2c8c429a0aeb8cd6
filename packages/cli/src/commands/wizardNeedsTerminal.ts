import { Effect } from "effect"
import { UsageError } from "../failures/UsageError.js"

/**
 * @effect/cli's built-in `--wizard` prompts on stdin; without a terminal there (a pipe, a
 * file, CI) it would wait for an answer that never comes, so it is refused before it starts.
 */
export const refuseWizardWithoutTerminal = (argv: ReadonlyArray<string>, stdinIsTerminal: boolean) => {
  const args = argv.slice(2)
  const end = args.indexOf("--")
  const wizard = (end === -1 ? args : args.slice(0, end)).includes("--wizard")
  return wizard && !stdinIsTerminal
    ? Effect.fail(
        new UsageError({ message: "--wizard asks its questions on a terminal, and stdin is not one: give the command and its options instead (quire --help lists them)" })
      )
    : Effect.void
}
