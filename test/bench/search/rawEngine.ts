import type { QueryClass } from "./corpus.js"
import { type Latency, measureLatency, type SampleCount } from "./latency.js"
import type { RawPlan, Scope } from "./rawQuery.js"

/** A naive full-text engine on the corpus, as someone would write it straight on the database. */
export interface RawEngine {
  readonly title: string
  /** Seconds it took to load and index the corpus. */
  readonly buildSeconds: number
  /** The statement's input for a query as typed; runs it once to learn whether the engine takes it. */
  readonly plan: (queryClass: QueryClass, text: string, spaceIds: ReadonlyArray<string>) => Promise<RawPlan>
  /** The top results of the plan within these spaces; how many rows came back. */
  readonly run: (plan: RawPlan, spaceIds: ReadonlyArray<string>) => Promise<number>
  readonly close: () => Promise<void>
}

export interface RawClassFigures {
  readonly org: Latency & { readonly rows: number }
  readonly space: Latency & { readonly rows: number }
  /** What the engine said to each query as typed, when it refused it. */
  readonly errors: ReadonlyArray<string>
}

/** p50/p99 of every class in both scopes; each class's queries in turn. */
export const measureRawEngine = async (
  engine: RawEngine,
  classes: ReadonlyArray<QueryClass>,
  scopes: Readonly<Record<Scope, ReadonlyArray<string>>>,
  runs: SampleCount,
  warmup: number
): Promise<ReadonlyMap<string, RawClassFigures>> => {
  const figures = new Map<string, RawClassFigures>()
  for (const queryClass of classes) {
    const perScope = {} as Record<Scope, Latency & { rows: number }>
    const errors = new Set<string>()
    for (const scope of ["org", "space"] as const) {
      const spaceIds = scopes[scope]
      const plans = await Promise.all(queryClass.queries.map((text) => engine.plan(queryClass, text, spaceIds)))
      for (const plan of plans) if (plan.error !== undefined) errors.add(plan.error)
      let rows = 0
      const latency = await measureLatency(runs, warmup, async (i) => {
        rows = await engine.run(plans[i % plans.length]!, spaceIds)
      })
      perScope[scope] = { ...latency, rows }
    }
    figures.set(queryClass.name, { ...perScope, errors: [...errors] })
    console.log(
      `  ${engine.title} ${queryClass.name}: org p50 ${perScope.org.p50Ms.toFixed(2)} / p99 ${perScope.org.p99Ms.toFixed(2)} ms (${perScope.org.rows} rows), ` +
        `space ${perScope.space.p50Ms.toFixed(2)} / ${perScope.space.p99Ms.toFixed(2)} ms` +
        (errors.size > 0 ? `; as typed: ${[...errors].join("; ")}` : "")
    )
  }
  return figures
}
