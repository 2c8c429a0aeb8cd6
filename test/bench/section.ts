import type { Backend } from "./backends.js"
import type { BenchConfig } from "./config.js"
import type { Seeded } from "./seed.js"

/** A server under load: where it is and the token of the seeded user. */
export interface Target {
  readonly url: string
  readonly token: string
  /** The server's process, where this process started it. */
  readonly pid?: number
}

export interface BenchContext {
  readonly config: BenchConfig
  readonly seeded: Seeded
  /** Temporary directory of the run, removed at the end. */
  readonly dir: string
  /** The storage this pass of the sections measures. */
  readonly backend: Backend
}

/** One line of the printed table. */
export interface TableRow {
  readonly figure: string
  readonly quire: string
  readonly baseline?: string
  readonly ratio?: string
}

export interface SectionResult {
  /** Goes into the JSON summary under the section's key. */
  readonly json: unknown
  readonly rows: ReadonlyArray<TableRow>
}

/**
 * One part of the benchmark, run once per backend. The run starts both servers (pinned to the
 * same CPU) and runs every section's `onBoth`, which must load one server at a time; then stops
 * the baseline and runs every `onQuire`; then stops Quire and runs every `offline` (in-process
 * work, with no server taking CPU); then asks each section for its result.
 */
export interface Section {
  /** Its key in the JSON summary, e.g. "getSpaceById". */
  readonly key: string
  readonly onBoth?: (quire: Target, baseline: Target) => Promise<void>
  readonly onQuire?: (quire: Target) => Promise<void>
  readonly offline?: () => Promise<void>
  readonly result: () => SectionResult
}

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits))
