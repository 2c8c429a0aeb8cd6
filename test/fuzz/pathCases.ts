import { type World, worldValuesFor } from "./world.js"

/** A path segment as sent (percent-encoded, or deliberately not), and what it is. */
export interface SegmentCase {
  readonly label: string
  readonly segment: string
}

/** Shaped like an id (20 characters of base62), naming nothing. */
export const UNKNOWN_ID = "unknownId0000000000x"

/** Segments no id looks like: traversal, NUL, broken percent-encoding, Unicode, very long. */
export const JUNK_SEGMENTS: ReadonlyArray<SegmentCase> = [
  { label: "..", segment: ".." },
  { label: "%2e%2e (encoded ..)", segment: "%2e%2e" },
  { label: "NUL byte", segment: "%00" },
  { label: "NUL inside an id", segment: "abc%00def" },
  { label: "lone surrogate in UTF-8", segment: "%ED%A0%80" },
  { label: "bare %", segment: "%" },
  { label: "encoded slash", segment: "a%2Fb" },
  { label: "Unicode", segment: encodeURIComponent("ü日😀") },
  { label: "SQL-looking text", segment: encodeURIComponent("' OR 1=1 --") },
  // The router takes parameters of up to 100 characters; longer ones never reach a handler.
  { label: "100 characters", segment: "a".repeat(100) },
  { label: "8,000 characters", segment: "a".repeat(8_000) }
]

/** The world's resources a parameter may name (the first is the usual one), then an unknown id. */
export const knownSegments = (world: World, parameter: string): ReadonlyArray<SegmentCase> => [
  ...worldValuesFor(world, parameter).map((value) => ({ label: `the world's ${value.name}`, segment: encodeURIComponent(value.id) })),
  { label: "unknown id", segment: UNKNOWN_ID }
]
