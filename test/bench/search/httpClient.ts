import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Target } from "../section.js"
import type { ClientCommand, ClientReply } from "./clientProtocol.js"
import type { QueryClass } from "./corpus.js"
import type { TimedSide } from "./inTurn.js"
import type { Latency, SampleCount } from "./latency.js"
import { SCOPES, type Scope } from "./rawQuery.js"

type Command = ClientCommand extends infer C ? (C extends ClientCommand ? Omit<C, "id"> : never) : never

/** The search bench's HTTP client process (`clientProcess.ts`), pinned to `cpu`. */
export interface HttpClient {
  /**
   * Every class in both scopes served `times` untimed requests, in rounds of at most 20 each,
   * before any is timed: a server's runtime compiles and optimises its code for thousands of
   * requests after a path first runs, on the one core it has, and the classes timed first would
   * pay for all of it (the first class's p99 was 2 to 10 times the last's; a server that answers
   * from memory showed it too).
   */
  readonly warmAll: (target: Target, paths: Readonly<Record<Scope, string>>, classes: ReadonlyArray<QueryClass>, times: number) => Promise<void>
  /** Quire's side of a class timed in turn with the raw engine. */
  readonly side: (target: Target, path: string, queryClass: QueryClass) => TimedSide
  /** p50/p99 of one class in one scope, `warmup` untimed calls first (`measureLatency`). */
  readonly measure: (target: Target, path: string, queryClass: QueryClass, count: SampleCount, warmup: number) => Promise<Latency>
  readonly close: () => Promise<void>
}


export const startHttpClient = (cpu: number): HttpClient => {
  const pinned = process.env.BENCH_UNPIN ? "0,1" : String(cpu)
  const child: ChildProcess = spawn("taskset", ["-c", pinned, process.execPath, "--import", "tsx", fileURLToPath(new URL("./clientProcess.ts", import.meta.url))], {
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  })
  const waiting = new Map<number, { resolve: (reply: ClientReply) => void; reject: (error: Error) => void }>()
  let next = 0
  child.on("message", (reply: ClientReply) => {
    const waiter = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (reply.kind === "failed") waiter?.reject(new Error(`search client: ${reply.message}`))
    else waiter?.resolve(reply)
  })
  child.once("exit", (code) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`search client exited (${code})`))
    waiting.clear()
  })
  const ask = <K extends ClientReply["kind"]>(command: Command) =>
    new Promise<Extract<ClientReply, { kind: K }>>((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve: resolve as (reply: ClientReply) => void, reject })
      child.send({ ...command, id } as ClientCommand)
    })

  return {
    warmAll: async (target, paths, classes, times) => {
      for (let done = 0; done < times; done += 20) {
        for (const queryClass of classes) {
          for (const scope of SCOPES) await ask<"done">({ kind: "warm", target, path: paths[scope], queries: queryClass.queries, calls: Math.min(20, times - done) })
        }
      }
    },
    side: (target, path, queryClass) => {
      let calls = 0
      return {
        slice: async (warm, timed) => {
          const reply = await ask<"samples">({ kind: "slice", target, path, queries: queryClass.queries, from: calls, warm, timed })
          calls += reply.calls
          return reply.samples
        }
      }
    },
    measure: async (target, path, queryClass, count, warmup) =>
      (await ask<"latency">({ kind: "measure", target, path, queries: queryClass.queries, count, warmup })).latency,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((done) => child.once("exit", () => done()))
      child.kill("SIGTERM")
      await exited
    }
  }
}
