import { execFile, spawn } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { freePort } from "../e2e/support/server.js"
import { BUILT_CONDITION, QUIRE_BUILT } from "./servers.js"
import type { SectionResult, TableRow } from "./section.js"
import { median } from "./median.js"

const root = resolve(import.meta.dirname, "../..")
const run = promisify(execFile)

/** Medians over the runs, in ms (`BENCH_JSON`'s `startup`). */
export interface StartupFigures {
  /** `node -e 1`: what any Node program pays. */
  readonly nodeMs: number
  /** The built `quire --help` and `quire --version`, start to exit. */
  readonly helpMs: number
  readonly versionMs: number
  /** The built `quire serve` on a migrated SQLite file, from spawn to its first HTTP answer. */
  readonly firstAnswerMs: number
  /** `pnpm start` (TypeScript through tsx) on the same file, from spawn to its first HTTP answer. */
  readonly pnpmStartFirstAnswerMs: number
}

/** The bars of issue 33: help within 3 × `node -e 1`, the built server's first answer within 1.5 s. */
export const HELP_BAR_RATIO = 3
export const FIRST_ANSWER_BAR_MS = 1500

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

const quire = [BUILT_CONDITION, QUIRE_BUILT]

/**
 * Spawns a server (in a process group of its own, so that `pnpm start`'s children stop with
 * it), asks `GET /v1/user` every 5 ms on a fresh connection until any HTTP answer comes (401:
 * no token), then stops it with SIGTERM. Returns spawn-to-answer in ms.
 */
const firstAnswer = async (command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<number> => {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"], detached: true })
  let stderr = ""
  child.stderr.on("data", (data) => (stderr += data))
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${command} ${args.join(" ")} exited:\n${stderr}`)
      if (performance.now() - started > 60_000) throw new Error(`${command} ${args.join(" ")} did not answer within 60 s:\n${stderr}`)
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v1/user`, { headers: { connection: "close" } })
        await response.arrayBuffer()
        return performance.now() - started
      } catch {
        await new Promise((done) => setTimeout(done, 5))
      }
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM")
    await exited
  }
}

/**
 * Medians of `runs` rounds, each timing every figure once (so that the machine's drift touches
 * them alike), after one round not counted (the file cache). The servers use `databaseUrl`,
 * migrated first by the built `quire migrate`: their start applies no migration.
 */
export const measureStartup = async (options: { readonly runs: number; readonly databaseUrl: string }): Promise<StartupFigures> => {
  const env = { DATABASE_URL: options.databaseUrl }
  await run(process.execPath, [...quire, "migrate"], { cwd: root, env: { ...process.env, ...env } })
  const rounds: Array<StartupFigures> = []
  for (let i = 0; i <= options.runs; i++) {
    const round: StartupFigures = {
      nodeMs: await timed(() => run(process.execPath, ["-e", "1"])),
      helpMs: await timed(() => run(process.execPath, [...quire, "--help"])),
      versionMs: await timed(() => run(process.execPath, [...quire, "--version"])),
      firstAnswerMs: await firstAnswer(process.execPath, [...quire, "serve"], env),
      pnpmStartFirstAnswerMs: await firstAnswer("pnpm", ["start"], env)
    }
    if (i > 0) rounds.push(round)
  }
  const of = (pick: (round: StartupFigures) => number) => Math.round(median(rounds.map(pick)))
  return {
    nodeMs: of((r) => r.nodeMs),
    helpMs: of((r) => r.helpMs),
    versionMs: of((r) => r.versionMs),
    firstAnswerMs: of((r) => r.firstAnswerMs),
    pnpmStartFirstAnswerMs: of((r) => r.pnpmStartFirstAnswerMs)
  }
}

const verdict = (within: boolean) => (within ? "within" : "OVER THE BAR")

/** The table's rows: each median, and the bars it is held to. */
export const startupRows = (figures: StartupFigures, runs: number): ReadonlyArray<TableRow> => {
  const againstNode = (name: string, ms: number): TableRow => ({
    figure: `${name} ms (built; bar ${HELP_BAR_RATIO} × node -e 1)`,
    quire: String(ms),
    baseline: `${figures.nodeMs} (node -e 1)`,
    ratio: `${(ms / figures.nodeMs).toFixed(2)} ${verdict(ms <= HELP_BAR_RATIO * figures.nodeMs)}`
  })
  return [
    { figure: `node -e 1 ms (median of ${runs})`, quire: String(figures.nodeMs) },
    againstNode("quire --help", figures.helpMs),
    againstNode("quire --version", figures.versionMs),
    {
      figure: `quire serve, first answer ms (built; bar ${FIRST_ANSWER_BAR_MS})`,
      quire: String(figures.firstAnswerMs),
      baseline: `${FIRST_ANSWER_BAR_MS} (bar)`,
      ratio: `${(figures.firstAnswerMs / FIRST_ANSWER_BAR_MS).toFixed(2)} ${verdict(figures.firstAnswerMs <= FIRST_ANSWER_BAR_MS)}`
    },
    { figure: "pnpm start, first answer ms (tsx; no bar)", quire: String(figures.pnpmStartFirstAnswerMs) }
  ]
}

/** Startup on a fresh migrated SQLite file in `dir`: one section of `pnpm bench`, run once (not per backend). */
export const startupResult = async (dir: string, runs: number): Promise<SectionResult> => {
  const figures = await measureStartup({ runs, databaseUrl: `sqlite:${join(dir, "startup.db")}` })
  return { json: figures, rows: startupRows(figures, runs) }
}
