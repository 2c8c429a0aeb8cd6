import type { Target } from "../section.js"
import type { Latency, SampleCount } from "./latency.js"

/** Untimed calls before a slice: at least `min`, and as many more as take `ms`, at most `max`. */
export interface Warm {
  readonly min: number
  readonly ms: number
  readonly max: number
}

interface Searches {
  readonly id: number
  readonly target: Target
  /** The search's path; call `i` sends `queries[i % queries.length]`. */
  readonly path: string
  readonly queries: ReadonlyArray<string>
}

/** What the bench asks of its client process (`clientProcess.ts`). */
export type ClientCommand =
  | (Searches & { readonly kind: "warm"; readonly calls: number })
  | (Searches & { readonly kind: "slice"; readonly from: number; readonly warm: Warm; readonly timed: number })
  | (Searches & { readonly kind: "measure"; readonly count: SampleCount; readonly warmup: number })

export type ClientReply =
  | { readonly id: number; readonly kind: "done"; readonly calls: number }
  | { readonly id: number; readonly kind: "samples"; readonly samples: ReadonlyArray<number>; readonly calls: number }
  | { readonly id: number; readonly kind: "latency"; readonly latency: Latency }
  | { readonly id: number; readonly kind: "failed"; readonly message: string }
