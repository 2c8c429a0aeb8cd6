// Not the package's index, which loads its cluster, RPC and WebSocket modules too.
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { cli, cliEnvironment } from "./cliApp.js"
import { refuseWizardWithoutTerminal } from "./commands/wizardNeedsTerminal.js"
import { reportUnreported } from "./failures/reportFailures.js"
import { withPlainOutput } from "./plainOutput.js"

/**
 * Help (`-h`, `--help`) and `--version` print and exit 0 without running a command; a usage
 * error is printed by @effect/cli, a command's failure by `reportFailures`: either exits 1
 * (`NodeRuntime.runMain` exits 1 on failure, 0 on success or on interruption by a signal).
 */
const program = refuseWizardWithoutTerminal(process.argv, process.stdin.isTTY === true).pipe(
  Effect.zipRight(cli(process.argv)),
  reportUnreported,
  withPlainOutput,
  Effect.provide(
    Layer.mergeAll(cliEnvironment, Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger)))
  ),
  Logger.withMinimumLogLevel(LogLevel.Info)
)

NodeRuntime.runMain(program, { disableErrorReporting: true, disablePrettyLogger: true })
