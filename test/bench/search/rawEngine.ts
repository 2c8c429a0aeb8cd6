import type { QueryClass } from "./corpus.js"
import type { Latency } from "./latency.js"
import type { RawPlan } from "./rawQuery.js"

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

/** A class's queries planned once on the engine, and a call that runs them in turn. */
export const rawClassRunner = async (engine: RawEngine, queryClass: QueryClass, spaceIds: ReadonlyArray<string>) => {
  const plans = await Promise.all(queryClass.queries.map((text) => engine.plan(queryClass, text, spaceIds)))
  const errors = plans.flatMap((plan) => (plan.error === undefined ? [] : [plan.error]))
  const runner = {
    rows: 0,
    errors,
    run: async (i: number) => {
      runner.rows = await engine.run(plans[i % plans.length]!, spaceIds)
    }
  }
  return runner
}
