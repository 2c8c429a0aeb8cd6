import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { type BenchContext, round, type Section, type Target } from "./section.js"
import { runWrk, type WrkFigures } from "./wrk.js"

export interface Throughput {
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
}

const summarize = (figures: WrkFigures): Throughput => ({
  rps: round(figures.rps, 1),
  p50Ms: round(figures.p50Ms),
  p99Ms: round(figures.p99Ms)
})

/** `GET /v1/spaces/{random seeded id}` under wrk: a warm-up, then the measured run, on each server. */
export const getSpaceByIdSection = (context: BenchContext): Section => {
  const { config, seeded } = context
  const idsFile = join(context.dir, "space-ids.txt")
  writeFileSync(idsFile, `${seeded.spaceIds.join("\n")}\n`)
  const results: { quire?: WrkFigures; baseline?: WrkFigures } = {}

  const load = async (target: Target, seconds: number) =>
    runWrk({
      logFile: join(context.dir, "wrk.log"),
      baseUrl: target.url,
      token: target.token,
      idsFile,
      seconds,
      connections: config.connections,
      threads: config.threads,
      cpu: config.loadCpu
    })

  const measure = (name: "quire" | "baseline") => async (target: Target) => {
    console.log(`getSpaceById: ${name}: ${config.warmupSeconds} s warm-up, then ${config.durationSeconds} s measured …`)
    await load(target, config.warmupSeconds)
    results[name] = await load(target, config.durationSeconds)
    const r = results[name]
    console.log(`  ${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.rps.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms`)
  }

  return {
    key: "getSpaceById",
    onQuire: measure("quire"),
    onBaseline: measure("baseline"),
    result: () => {
      if (!results.quire || !results.baseline) throw new Error("getSpaceById: a server was not measured")
      const quire = summarize(results.quire)
      const baseline = summarize(results.baseline)
      const ratio = (a: number, b: number) => (a / b).toFixed(3)
      return {
        json: { quire, baseline, ratio: round(results.quire.rps / results.baseline.rps) },
        rows: [
          { figure: "req/s", quire: quire.rps.toFixed(0), baseline: baseline.rps.toFixed(0), ratio: ratio(quire.rps, baseline.rps) },
          { figure: "p50 ms", quire: quire.p50Ms.toFixed(2), baseline: baseline.p50Ms.toFixed(2), ratio: ratio(quire.p50Ms, baseline.p50Ms) },
          { figure: "p99 ms", quire: quire.p99Ms.toFixed(2), baseline: baseline.p99Ms.toFixed(2), ratio: ratio(quire.p99Ms, baseline.p99Ms) }
        ]
      }
    }
  }
}
