import type { CommandHelp } from "../src/generated/helpText.js"
import { type CliAnswer, cliAnswer } from "./cliAnswer.js"

const helpOnly = (args: ReadonlyArray<string>, answer: CliAnswer): string => {
  if (!answer.succeeded || answer.stderr !== "" || answer.stdout === "") {
    throw new Error(`quire ${args.join(" ")}: expected help, got ${JSON.stringify(answer)}`)
  }
  return answer.stdout
}

/**
 * The commands listed under COMMANDS in the program's help (`- users create --email text ...`):
 * the words before the first option or argument.
 */
const listedCommands = (rootHelp: string): ReadonlyArray<ReadonlyArray<string>> => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the help's colour codes
  const plain = rootHelp.replace(/\u001b\[[0-9;]*m/g, "")
  const listed = [...plain.matchAll(/^\s*- (.+?)(?: {2,}|$)/gm)].map((match) => {
    const words = match[1]!.split(" ")
    const firstOther = words.findIndex((word) => !/^[a-z][\w-]*$/.test(word))
    return firstOther === -1 ? words : words.slice(0, firstOther)
  })
  if (listed.length === 0) throw new Error(`no COMMANDS in the help of quire:\n${plain}`)
  return listed
}

/**
 * @effect/cli's help of every command (`-h` and `--help` must print the same), and whether the
 * command prints it too when given no subcommand (tried only on commands that have subcommands).
 */
export const commandHelp = async (): Promise<ReadonlyArray<CommandHelp>> => {
  const root = helpOnly(["--help"], await cliAnswer(["--help"]))
  const paths = [[], ...listedCommands(root)]
  const helps: Array<CommandHelp> = []
  for (const path of paths) {
    const text = helpOnly([...path, "--help"], await cliAnswer([...path, "--help"]))
    if (helpOnly([...path, "-h"], await cliAnswer([...path, "-h"])) !== text) throw new Error(`quire ${path.join(" ")}: -h and --help differ`)
    const hasSubcommands = paths.some((other) => other.length > path.length && path.every((word, i) => other[i] === word))
    const bare = hasSubcommands ? await cliAnswer(path) : undefined
    const whenBare = bare?.succeeded === true && bare.stderr === "" && bare.stdout === text
    helps.push({ path, text, whenBare })
  }
  return helps
}
