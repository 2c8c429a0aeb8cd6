import { Console, Effect, Exit } from "effect"
import { format } from "node:util"
import { cli, cliEnvironment } from "../src/cliApp.js"
import { withoutTypeBlurbs } from "../src/typeBlurbs.js"

export interface CliAnswer {
  readonly succeeded: boolean
  /** What it wrote with `Console.log` and `Console.error`, as Node's console writes it, colours included. */
  readonly stdout: string
  readonly stderr: string
}

/** What @effect/cli answers `quire <args>`, run in this process: only for arguments that run no command. */
export const cliAnswer = async (args: ReadonlyArray<string>): Promise<CliAnswer> => {
  let stdout = ""
  let stderr = ""
  const captured = Console.consoleWith((console) =>
    Effect.withConsole(cli(["node", "quire", ...args]), {
      ...console,
      log: (...logged) => Effect.sync(() => void (stdout += `${withoutTypeBlurbs(format(...logged))}\n`)),
      error: (...logged) => Effect.sync(() => void (stderr += `${withoutTypeBlurbs(format(...logged))}\n`))
    })
  )
  const exit = await Effect.runPromiseExit(Effect.provide(captured, cliEnvironment))
  return { succeeded: Exit.isSuccess(exit), stdout, stderr }
}
