#!/usr/bin/env node
// First: V8 flags must be set before anything else is loaded.
import "./v8Flags.js"
import { forStream } from "./ansiStyle.js"
import { quickAnswer } from "./quickAnswer.js"

// Help and the version answer at once; anything else loads Effect and @effect/cli (`runCli.ts`).
const answer = quickAnswer(process.argv.slice(2))
if (answer === undefined) await import("./runCli.js")
else process.stdout.write(forStream(process.stdout, answer))
