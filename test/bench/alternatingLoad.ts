import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { type BenchContext, round, type SectionResult, type Target } from "./section.js"
import { percentileMs, runWrk, type WrkFigures } from "./wrk.js"

export interface Throughput {
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
}

/** One server's rounds as one figure: requests over seconds, and percentiles over the requests, of all rounds. */
const combine = (rounds: ReadonlyArray<WrkFigures>): Throughput => ({
  rps: round(rounds.reduce((n, r) => n + r.requests, 0) / rounds.reduce((s, r) => s + r.seconds, 0), 1),
  p50Ms: round(percentileMs(rounds, 50)),
  p99Ms: round(percentileMs(rounds, 99))
})

/**
 * GETs of random paths from `paths` under wrk, on both servers in alternating rounds (Quire,
 * baseline, Quire, baseline, …), each round after a warm-up. The machine's speed drifts (other
 * tenants, CPU frequency); measured one after the other in a single long run each, the two
 * servers met different machines and the ratio moved by ±15% from run to run.
 */
export const alternatingLoad = (
  context: BenchContext,
  name: string,
  paths: ReadonlyArray<string>,
  options: { readonly accept?: string | undefined } = {}
) => {
  const { config } = context
  const pathsFile = join(context.dir, `${name}-paths.txt`)
  writeFileSync(pathsFile, `${paths.join("\n")}\n`)
  const rounds: { quire: Array<WrkFigures>; baseline: Array<WrkFigures> } = { quire: [], baseline: [] }

  const load = (target: Target, seconds: number) =>
    runWrk({
      logFile: join(context.dir, "wrk.log"),
      baseUrl: target.url,
      token: target.token,
      accept: options.accept,
      pathsFile,
      seconds,
      connections: config.connections,
      threads: config.threads,
      cpu: config.loadCpu
    })

  // wrk takes whole seconds.
  const roundSeconds = Math.max(1, Math.round(config.durationSeconds / config.rounds))
  const measure = async (server: "quire" | "baseline", target: Target, n: number) => {
    // The first round warms the server up from cold; later ones bring it back from idle.
    await load(target, n === 0 ? config.warmupSeconds : Math.min(1, config.warmupSeconds))
    const figures = await load(target, roundSeconds)
    // The merge must give back wrk's own percentiles for a single round; if it does not, say so
    // (the merged figures are then suspect) rather than lose the run.
    for (const [p, own] of [[50, figures.p50Ms], [99, figures.p99Ms]] as const) {
      const merged = percentileMs([figures], p)
      if (Math.abs(merged - own) > 0.0015) {
        console.warn(`  warning: ${server} round ${n + 1}: p${p} from wrk's quantiles is ${merged} ms, wrk says ${own} ms`)
      }
    }
    rounds[server].push(figures)
    return figures
  }

  /** Each server's rounds as one figure. */
  const figures = (): { readonly quire: Throughput; readonly baseline: Throughput } => {
    if (rounds.quire.length === 0 || rounds.baseline.length === 0) throw new Error(`${name}: a server was not measured`)
    return { quire: combine(rounds.quire), baseline: combine(rounds.baseline) }
  }

  return {
    run: async (quire: Target, baseline: Target) => {
      console.log(`${name}: ${config.rounds} rounds of ${roundSeconds} s measured on each server, alternating …`)
      for (let n = 0; n < config.rounds; n++) {
        const q = await measure("quire", quire, n)
        const b = await measure("baseline", baseline, n)
        console.log(
          `  round ${n + 1}: quire ${q.rps.toFixed(0)} req/s (p99 ${q.p99Ms.toFixed(2)} ms), ` +
            `baseline ${b.rps.toFixed(0)} req/s (p99 ${b.p99Ms.toFixed(2)} ms), ratio ${(q.rps / b.rps).toFixed(3)}`
        )
      }
    },
    figures,
    result: (): SectionResult => {
      const { quire, baseline } = figures()
      const ratio = (a: number, b: number) => (a / b).toFixed(3)
      return {
        json: { quire, baseline, ratio: round(quire.rps / baseline.rps) },
        rows: [
          { figure: "req/s", quire: quire.rps.toFixed(0), baseline: baseline.rps.toFixed(0), ratio: ratio(quire.rps, baseline.rps) },
          { figure: "p50 ms", quire: quire.p50Ms.toFixed(2), baseline: baseline.p50Ms.toFixed(2), ratio: ratio(quire.p50Ms, baseline.p50Ms) },
          { figure: "p99 ms", quire: quire.p99Ms.toFixed(2), baseline: baseline.p99Ms.toFixed(2), ratio: ratio(quire.p99Ms, baseline.p99Ms) }
        ]
      }
    }
  }
}
