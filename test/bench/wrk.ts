import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { runPinned } from "./processes.js"

const SCRIPT = join(import.meta.dirname, "random-path.lua")

export interface WrkFigures {
  readonly requests: number
  readonly seconds: number
  readonly rps: number
  readonly p50Ms: number
  readonly p90Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly errors: {
    readonly connect: number
    readonly read: number
    readonly write: number
    readonly status: number
    readonly timeout: number
  }
  /** Latency at every 0.1% (0.1%, 0.2%, … 99.9%), in microseconds. */
  readonly quantilesUs: ReadonlyArray<number>
}

/**
 * The `p`th percentile (0.1..99.9) in ms over the requests of several runs, from each run's
 * latencies at every 0.1%: each stands for a thousandth of that run's requests. For one run
 * it gives wrk's own figure back at every 0.1%.
 */
export const percentileMs = (runs: ReadonlyArray<Pick<WrkFigures, "requests" | "quantilesUs">>, p: number): number => {
  // Each of a run's 999 points stands for a thousandth of its requests. Counted in thousandths
  // of a request, every sum below is an exact integer: summing fractional weights drifted by one
  // point (0.1%) and once moved a merged p99 by 0.06 ms.
  const points = runs
    .flatMap((run) => run.quantilesUs.map((us) => ({ us, weight: run.requests })))
    .sort((a, b) => a.us - b.us)
  const total = runs.reduce((sum, run) => sum + run.requests, 0)
  const target = Math.round(p * 10) * total
  // The first point at or below which p% of all requests lie (a run's point at i‰ has i
  // thousandths of its requests at or below it).
  let seen = 0
  for (const point of points) {
    seen += point.weight
    if (seen >= target) return point.us / 1000
  }
  return (points[points.length - 1]?.us ?? 0) / 1000
}

const hasCommand = (command: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

/** wrk from the Debian package; installed with apt-get when missing and we are root. */
export const ensureWrk = () => {
  if (hasCommand("wrk")) return
  if (process.getuid?.() !== 0) throw new Error("wrk is not installed: run `apt-get install -y wrk` (as root)")
  console.log("wrk is missing: installing it with apt-get …")
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  try {
    execFileSync("apt-get", ["install", "-y", "wrk"], { stdio: "inherit", env })
  } catch {
    execFileSync("apt-get", ["update"], { stdio: "inherit", env })
    execFileSync("apt-get", ["install", "-y", "wrk"], { stdio: "inherit", env })
  }
}

/** Reads the `BENCH_JSON {...}` line the Lua `done` function prints. */
export const parseWrkOutput = (stdout: string): WrkFigures => {
  const line = stdout.split("\n").find((l) => l.startsWith("BENCH_JSON "))
  if (!line) throw new Error(`wrk printed no BENCH_JSON line:\n${stdout}`)
  return JSON.parse(line.slice("BENCH_JSON ".length)) as WrkFigures
}

/**
 * `GET /v1/spaces/{random id}` against `baseUrl` for `seconds`, wrk pinned to `cpu`.
 * Any error (socket or HTTP status >= 400) fails the run: figures for failed requests are not figures.
 */
export const runWrk = async (options: {
  readonly baseUrl: string
  /** Sent as a bearer token; none when empty. */
  readonly token: string
  /** The Accept header (application/json unless given). */
  readonly accept?: string | undefined
  /** One request path a line, e.g. `/v1/spaces/{id}`. */
  readonly pathsFile: string
  readonly seconds: number
  readonly connections: number
  readonly threads: number
  readonly cpu: number
  /** Where wrk's output goes. */
  readonly logFile: string
}): Promise<WrkFigures> => {
  const args = [
    "--latency",
    "-t",
    String(options.threads),
    "-c",
    String(options.connections),
    "-d",
    `${options.seconds}s`,
    "--timeout",
    "10s",
    "-s",
    SCRIPT,
    options.baseUrl,
    "--",
    options.pathsFile,
    options.token,
    ...(options.accept === undefined ? [] : [options.accept])
  ]
  const { code, output: stdout } = await runPinned({
    name: "wrk",
    cpu: options.cpu,
    command: "wrk",
    args,
    env: process.env,
    cwd: process.cwd(),
    logFile: options.logFile
  })
  if (code !== 0) throw new Error(`wrk ended with ${code ?? "a signal"}:\n${stdout}`)
  const figures = parseWrkOutput(stdout)
  const e = figures.errors
  const failed = e.connect + e.read + e.write + e.status + e.timeout
  if (failed > 0 || figures.requests === 0) {
    throw new Error(`wrk against ${options.baseUrl} saw ${failed} failed requests (${JSON.stringify(e)}):\n${stdout}`)
  }
  return figures
}
