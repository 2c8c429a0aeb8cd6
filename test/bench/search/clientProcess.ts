/**
 * The search bench's HTTP client, in a process of its own (`httpClient.ts` starts it, pinned to
 * the load CPU): it sends the searches and times them, and nothing else runs in it. In the
 * bench's own process, which also holds the corpus and runs the raw engine, its collector's and
 * compiler's work landed in Quire's timed calls: of the calls over the p50 + 1 ms, between 1 in
 * 20 and 2 in 3 per class had the client busy for half the excess (docs/performance.md, session 18).
 */
import type { Target } from "../section.js"
import { timedSearchOverHttp } from "./httpSearch.js"
import { measureLatency } from "./latency.js"
import type { ClientCommand, ClientReply } from "./clientProtocol.js"
import { runSlice } from "./inTurn.js"

const send = (reply: ClientReply) => process.send!(reply)

const searchOf = (target: Target, path: string, queries: ReadonlyArray<string>) => (i: number) =>
  timedSearchOverHttp(target, path, queries[i % queries.length]!)

const answer = async (command: ClientCommand): Promise<ClientReply> => {
  const run = searchOf(command.target, command.path, command.queries)
  switch (command.kind) {
    case "warm": {
      for (let i = 0; i < command.calls; i++) await run(i)
      return { id: command.id, kind: "done", calls: command.calls }
    }
    case "slice": {
      const { samples, calls } = await runSlice(run, command.from, command.warm, command.timed)
      return { id: command.id, kind: "samples", samples, calls }
    }
    case "measure": {
      const latency = await measureLatency(command.count, command.warmup, run)
      return { id: command.id, kind: "latency", latency }
    }
  }
}

process.on("message", (command: ClientCommand) => {
  answer(command).then(send, (error: unknown) => send({ id: command.id, kind: "failed", message: String(error instanceof Error ? error.stack : error) }))
})
