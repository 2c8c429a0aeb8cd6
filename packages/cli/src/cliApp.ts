import { CliConfig, Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { Layer } from "effect"
import { environmentHelp } from "./commands/environmentHelp.js"
import { quire } from "./commands/quire.js"
import { version } from "./version.js"

/** `quire` as @effect/cli runs it, given the whole `process.argv` (node, the script, then the arguments). */
export const cli = Command.run(quire, { name: "quire", version: version(), footer: environmentHelp })

/** What `cli` needs, and how its help reads: without the options' types. */
export const cliEnvironment = Layer.mergeAll(NodeContext.layer, CliConfig.layer({ showTypes: false }))
