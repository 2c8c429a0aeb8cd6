import { BACKEND_NAMES, type BackendName } from "./backends.js"

/** What one `pnpm bench` run measures; every figure can be changed from the environment. */
export interface BenchConfig {
  /**
   * The backends to measure, in order. Unset: SQLite, and Postgres when its server answers
   * (said loudly when it does not); set (`BENCH_BACKENDS=sqlite,postgres`): exactly those,
   * and an unreachable Postgres fails the run.
   */
  readonly backends: ReadonlyArray<BackendName> | "auto"
  /** Seconds of measured wrk load on each server, in all. */
  readonly durationSeconds: number
  /** How many alternating rounds those seconds are split into (each a whole number of seconds). */
  readonly rounds: number
  /** Seconds of wrk load before a server's first round, not counted (1 s before later rounds). */
  readonly warmupSeconds: number
  readonly spaces: number
  readonly connections: number
  readonly threads: number
  /** CPU the servers are pinned to; wrk gets the other one. */
  readonly serverCpu: number
  readonly loadCpu: number
  /** Page size of the list walk, and how many times the first and the last page are timed. */
  readonly pageSize: number
  readonly pageRepeats: number
  /** Spaces.create is used while all of them are projected to take less than this; the rest are copied in bulk. */
  readonly serviceSeedBudgetSeconds: number
  /** Where to write the JSON summary, if anywhere. */
  readonly jsonPath: string | undefined
  /** Where to copy the servers' logs (and wrk's) before the run's directory is removed, if anywhere. */
  readonly keepLogsDir: string | undefined
  /** Where to write a V8 CPU profile of the Quire server, if anywhere. */
  readonly cpuProfileDir: string | undefined
  /**
   * How the Quire server runs: `built` (default), the JavaScript of `pnpm build` as an installed
   * `quire` runs; `source`, the TypeScript through tsx's loader.
   */
  readonly quireFrom: "built" | "source"
  /** Runs the startup figures are medians of (measured only with `quireFrom: built`). */
  readonly startupRuns: number
  /** The sections to run (`BENCH_ONLY=search,listSpaces`, their JSON keys); unset, all of them. */
  readonly only: ReadonlyArray<string> | undefined
  /** The fewest timed calls per query class and scope in the search section (see `SampleCount`); also its warm-up by default. */
  readonly searchRuns: number
  /** The most timed requests per search class and scope (see `SampleCount`). */
  readonly searchMaxRuns: number
  /** About how long a search class and scope is timed for, past `searchRuns` (see `SampleCount`). */
  readonly searchBudgetMs: number
  /** Untimed requests per class and scope before the timed ones (`BENCH_SEARCH_WARMUP`; default: as many as timed). */
  readonly searchWarmup: number | undefined
  /** Spaces of the search corpus (100 pages each). */
  readonly searchSpaces: number
  /** Only these query classes in the search section (`BENCH_SEARCH_CLASSES=rare,medium`); unset, all of them. */
  readonly searchClasses: ReadonlyArray<string> | undefined
}

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return value
}

const backends = (): ReadonlyArray<BackendName> | "auto" => {
  const raw = process.env.BENCH_BACKENDS
  if (raw === undefined || raw.trim() === "") return "auto"
  const names = raw.split(",").map((name) => name.trim())
  for (const name of names) {
    if (!BACKEND_NAMES.includes(name as BackendName)) {
      throw new Error(`BENCH_BACKENDS: "${name}" is not one of ${BACKEND_NAMES.join(", ")}`)
    }
  }
  return [...new Set(names as Array<BackendName>)]
}

const quireFrom = (): BenchConfig["quireFrom"] => {
  const raw = process.env.BENCH_QUIRE || "built"
  if (raw !== "built" && raw !== "source") throw new Error(`BENCH_QUIRE must be built or source, got "${raw}"`)
  return raw
}

const names = (variable: string): ReadonlyArray<string> | undefined => {
  const raw = process.env[variable]
  if (raw === undefined || raw.trim() === "") return undefined
  return raw.split(",").map((key) => key.trim())
}

export const readConfig = (): BenchConfig => ({
  backends: backends(),
  durationSeconds: positive("BENCH_DURATION", 10),
  rounds: Math.round(positive("BENCH_ROUNDS", 5)),
  warmupSeconds: positive("BENCH_WARMUP", 3),
  spaces: Math.round(positive("BENCH_SPACES", 10_000)),
  connections: 32,
  threads: 2,
  serverCpu: 0,
  loadCpu: 1,
  pageSize: 100,
  pageRepeats: Math.round(positive("BENCH_PAGE_REPEATS", 20)),
  serviceSeedBudgetSeconds: positive("BENCH_SEED_BUDGET", 60),
  jsonPath: process.env.BENCH_JSON || undefined,
  cpuProfileDir: process.env.BENCH_CPU_PROF || undefined,
  keepLogsDir: process.env.BENCH_KEEP_LOGS || undefined,
  quireFrom: quireFrom(),
  startupRuns: Math.round(positive("BENCH_STARTUP_RUNS", 7)),
  only: names("BENCH_ONLY"),
  searchRuns: Math.round(positive("BENCH_SEARCH_RUNS", 200)),
  searchMaxRuns: Math.round(positive("BENCH_SEARCH_MAX_RUNS", 2_000)),
  searchBudgetMs: positive("BENCH_SEARCH_BUDGET_MS", 2_000),
  searchWarmup: process.env.BENCH_SEARCH_WARMUP === undefined ? undefined : Math.round(positive("BENCH_SEARCH_WARMUP", 1)),
  searchSpaces: Math.round(positive("BENCH_SEARCH_SPACES", 200)),
  searchClasses: names("BENCH_SEARCH_CLASSES")
})
