import { type CommandHelp, commandHelp } from "./generated/helpText.js"
import { version } from "./version.js"

const samePath = (args: ReadonlyArray<string>, path: ReadonlyArray<string>) =>
  args.length === path.length && path.every((word, i) => args[i] === word)

const helpOf = (path: ReadonlyArray<string>): CommandHelp | undefined => commandHelp.find((help) => samePath(path, help.path))

/**
 * What `quire <args>` prints (with @effect/cli's colours) when that is only help or the version,
 * without loading Effect (~1 s): `[command] -h|--help|--version`, or a command that prints its
 * help when given no subcommand (`quire`, `quire users`). `undefined` for anything else, which
 * @effect/cli answers. `test/cli/quickAnswer.test.ts` holds these answers to @effect/cli's.
 */
export const quickAnswer = (args: ReadonlyArray<string>): string | undefined => {
  const bare = helpOf(args)
  if (bare?.whenBare) return bare.text
  const flag = args.at(-1)
  const command = helpOf(args.slice(0, -1))
  if (command === undefined) return undefined
  if (flag === "--help" || flag === "-h") return command.text
  // A paragraph (ending in a line break), then console.log's line break, as @effect/cli prints it.
  if (flag === "--version") return `${version()}\n\n`
  return undefined
}
