#!/usr/bin/env node
// First: V8 flags must be set before anything else is loaded.
import "./v8Flags.js"
import { CliConfig, Command } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { environmentHelp } from "./commands/environmentHelp.js"
import { quire } from "./commands/quire.js"
import { refuseWizardWithoutTerminal } from "./commands/wizardNeedsTerminal.js"
import { reportUnreported } from "./failures/reportFailures.js"
import { withPlainOutput } from "./plainOutput.js"
import { version } from "./version.js"

const cli = Command.run(quire, { name: "quire", version: version(), footer: environmentHelp })

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
    Layer.mergeAll(
      NodeContext.layer,
      CliConfig.layer({ showTypes: false }),
      Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))
    )
  ),
  Logger.withMinimumLogLevel(LogLevel.Info)
)

NodeRuntime.runMain(program, { disableErrorReporting: true, disablePrettyLogger: true })
