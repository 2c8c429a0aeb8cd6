/**
 * How much the fuzz suite does. The defaults keep a run deterministic and well under a minute
 * per backend; `FUZZ_SEED` replays or varies a run, `FUZZ_RUNS` goes deeper locally.
 */
const integerFromEnv = (name: string, fallback: number): number => {
  const text = process.env[name]
  if (text === undefined || text === "") return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got "${text}"`)
  return value
}

export const DEFAULT_SEED = 7

/** The seed every generated value derives from. */
export const FUZZ_SEED = integerFromEnv("FUZZ_SEED", DEFAULT_SEED)

/** Randomly generated requests per operation, on top of the enumerated cases. */
export const FUZZ_RUNS = integerFromEnv("FUZZ_RUNS", 20)

/** A seed of its own for each operation, so that adding an operation changes no other's requests. */
export const seedFor = (operationId: string): number => {
  let hash = FUZZ_SEED | 0
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

